public import Foundation

/// Builds small Library.xml documents the way Music writes them, for tests that need one exact edge case.
public struct LibraryDocument {
  public var tracks: [String] = []
  /// The top-level `Date`'s value as XML, `<date>2024-05-01T10:00:00Z</date>`, written before Tracks as Music does;
  /// nil writes none.
  public var exportDate: String?
  var header = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>Major Version</key><integer>1</integer>
    \t<key>Minor Version</key><integer>1</integer>
    \t<key>Application Version</key><string>1.4.5.7</string>
    \t<key>Tracks</key>
    \t<dict>
    """
  var footer = """
    \t</dict>
    \t<key>Playlists</key>
    \t<array>
    \t\t<dict><key>Name</key><string>Library</string><key>Master</key><true/></dict>
    \t</array>
    </dict>
    </plist>

    """

  /// Adds a track from key/value XML fragments, e.g. `["Artist": "<string>Adele</string>"]`, in the given order.
  public mutating func add(id: Int, _ fields: KeyValuePairs<String, String>) {
    var body = "\t\t<key>\(id)</key>\n\t\t<dict>\n\t\t\t<key>Track ID</key><integer>\(id)</integer>\n"
    for (key, value) in fields { body += "\t\t\t<key>\(key)</key>\(value)\n" }
    body += "\t\t</dict>"
    tracks.append(body)
  }

  /// Adds an ordinary music track.
  public mutating func addSong(
    id: Int, artist: String, album: String?, albumArtist: String? = nil, plays: Int = 0, year: Int = 2020
  ) {
    var body = "\t\t<key>\(id)</key>\n\t\t<dict>\n\t\t\t<key>Track ID</key><integer>\(id)</integer>\n"
    body += "\t\t\t<key>Name</key><string>Song \(id)</string>\n"
    body += "\t\t\t<key>Artist</key><string>\(artist.xmlEscaped)</string>\n"
    if let albumArtist { body += "\t\t\t<key>Album Artist</key><string>\(albumArtist.xmlEscaped)</string>\n" }
    if let album { body += "\t\t\t<key>Album</key><string>\(album.xmlEscaped)</string>\n" }
    body += "\t\t\t<key>Kind</key><string>Apple Lossless audio file</string>\n"
    body += "\t\t\t<key>Year</key><integer>\(year)</integer>\n"
    if plays > 0 { body += "\t\t\t<key>Play Count</key><integer>\(plays)</integer>\n" }
    body += "\t\t\t<key>Track Type</key><string>File</string>\n"
    body += "\t\t\t<key>Location</key><string>file:///Users/me/Music/Music/Media/\(id).m4a</string>\n"
    body += "\t\t</dict>"
    tracks.append(body)
  }

  public var text: String {
    let dated = exportDate.map {
      header.replacingOccurrences(of: "\t<key>Tracks</key>", with: "\t<key>Date</key>\($0)\n\t<key>Tracks</key>")
    }
    return (dated ?? header) + "\n" + tracks.joined(separator: "\n") + "\n" + footer
  }

  /// Writes the document to a fresh temporary file and returns its path.
  public func write(lineEnding: String = "\n", named name: String = "Library.xml") throws -> String {
    try TemporaryFile.write(text.replacingOccurrences(of: "\n", with: lineEnding), named: name)
  }

  public init(tracks: [String] = []) {
    self.tracks = tracks
  }
}

public enum TemporaryFile {
  public static func directory() throws -> String {
    let path = NSTemporaryDirectory() + "deepcut-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  public static func write(_ text: String, named name: String = "Library.xml") throws -> String {
    try write(Data(text.utf8), named: name)
  }

  public static func write(_ data: Data, named name: String = "Library.xml") throws -> String {
    let path = try directory() + "/" + name
    try data.write(to: URL(fileURLWithPath: path))
    return path
  }
}

extension String {
  public var xmlEscaped: String {
    replacingOccurrences(of: "&", with: "&#38;").replacingOccurrences(of: "<", with: "&#60;")
      .replacingOccurrences(of: ">", with: "&#62;")
  }
}

/// Where the read-only shared fixtures live, when this checkout has them beside it.
public enum SharedFixtures {
  public static var root: String? {
    if let path = ProcessInfo.processInfo.environment["DEEPCUT_SHARED"] { return path }
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
      url.deleteLastPathComponent()
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
        let shared = url.deletingLastPathComponent().appendingPathComponent("shared").path
        return FileManager.default.fileExists(atPath: shared) ? shared : nil
      }
    }
    return nil
  }

  public static var libraries: String? { root.map { $0 + "/fixtures/libraries" } }
}
