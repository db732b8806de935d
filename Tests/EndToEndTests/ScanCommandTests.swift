import Foundation
import TestSupport
import Testing

/// `deepcut scan` as a user runs it: the real binary, real files, real exit statuses.
struct ScanCommandTests {
  static let minimalLibrary = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>Tracks</key><dict>
    <key>1</key><dict><key>Artist</key><string>Portishead</string><key>Album</key><string>Dummy</string>
    <key>Play Count</key><integer>12</integer><key>Year</key><integer>1994</integer></dict>
    <key>2</key><dict><key>Artist</key><string>Some Show</string><key>Podcast</key><true/></dict>
    <key>3</key><dict><key>Artist</key><string>Broken</string><key>Play Count</key><integer>n/a</integer></dict>
    <key>4</key><dict><key>Artist</key><string>Lost</string><key>Album</key></dict>
    </dict></dict></plist>
    """

  func write(_ text: String, name: String = "Library.xml") throws -> String {
    let directory = NSTemporaryDirectory() + "deepcut-e2e-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let path = directory + "/" + name
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func jsonHasTheStableFields() async throws {
    let path = try write(Self.minimalLibrary)
    let result = try await DeepcutProcess.run(["scan", "--library", path, "--json"])
    #expect(result.status == 0)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(object["tracks"] as? Int == 4)
    // "Broken" keeps its track without a play count; "Lost" has no album, which decides what is owned.
    #expect(object["musicTracks"] as? Int == 2)
    #expect(object["albums"] as? Int == 1)
    #expect(object["artists"] as? Int == 2)
    let skipped = try #require(object["skipped"] as? [String: Int])
    #expect(skipped["podcast"] == 1)
    #expect(skipped["damaged"] == 1)
    let warnings = try #require(object["warnings"] as? [[String: Any]])
    #expect(warnings.map { $0["line"] as? Int } == [6, 7])
    let artists = try #require(object["artistList"] as? [[String: Any]])
    #expect(artists.first?["name"] as? String == "Portishead")
    #expect(artists.first?["plays"] as? Int == 12)
    #expect(artists.first?["newestYear"] as? Int == 1994)
  }

  @Test func summaryForPeople() async throws {
    let path = try write(Self.minimalLibrary)
    let result = try await DeepcutProcess.run(["scan", "--library", path])
    #expect(result.status == 0)
    #expect(result.stdout.contains("4 tracks read"))
    #expect(result.stdout.contains("2 owned music tracks"))
    #expect(result.stdout.contains("1 podcast episode"))
    #expect(result.stdout.contains("1. Portishead: 1 album, 1 track, 12 plays, newest 1994"))
    #expect(result.stdout.contains("line 6: track 3: Play Count is not a number: 'n/a'; track kept"))
    #expect(result.stdout.contains("line 7: track 4: key 'Album' has no value; track skipped"))
  }

  @Test func readsStandardInput() async throws {
    let result = try await DeepcutProcess.run(
      ["scan", "--library", "-", "--json"], stdin: Data(Self.minimalLibrary.utf8))
    #expect(result.status == 0)
    #expect(result.stdout.contains("\"musicTracks\" : 2"))
  }

  @Test func missingLibraryExits66() async throws {
    let result = try await DeepcutProcess.run(["scan", "--library", "/nowhere/Library.xml"])
    #expect(result.status == 66)
    #expect(result.stderr.contains("/nowhere/Library.xml: no such file"))
    #expect(result.stdout.isEmpty)
  }

  @Test func malformedLibraryExits65WithFileAndLine() async throws {
    let path = try write("<plist><dict><key>Tracks</key>\n<dict>\n<key>1</key><dict></array>")
    let result = try await DeepcutProcess.run(["scan", "--library", path])
    #expect(result.status == 65)
    #expect(result.stderr.contains("\(path):3: "))
  }

  @Test func binaryPlistExits65() async throws {
    let path = try write("bplist00\u{1}\u{2}", name: "Library.plist")
    let result = try await DeepcutProcess.run(["scan", "--library", path])
    #expect(result.status == 65)
    #expect(result.stderr.contains("binary property list"))
  }

  @Test(arguments: [
    ["scan"], ["scan", "--library"], ["scan", "--bogus"], ["frobnicate"], ["scan", "--library", "a", "extra"],
  ])
  func usageErrorsExit64(_ arguments: [String]) async throws {
    let result = try await DeepcutProcess.run(arguments)
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("deepcut: error: "))
  }

  @Test func helpAndVersion() async throws {
    let help = try await DeepcutProcess.run(["--help"])
    #expect(help.status == 0)
    #expect(help.stdout.contains("scan"))
    let scanHelp = try await DeepcutProcess.run(["scan", "--help"])
    #expect(scanHelp.status == 0)
    #expect(scanHelp.stdout.contains("--library PATH"))
    let version = try await DeepcutProcess.run(["--version"])
    #expect(version.status == 0)
    #expect(version.stdout.hasPrefix("deepcut "))
  }

  @Test(.enabled(if: DeepcutProcess.sharedFixtures != nil))
  func everySharedFixtureScansCleanly() async throws {
    let folder = try #require(DeepcutProcess.sharedFixtures).appendingPathComponent("libraries")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".xml") }
    #expect(files.count >= 8)
    for file in files {
      let result = try await DeepcutProcess.run([
        "scan", "--library", folder.appendingPathComponent(file).path, "--json",
      ])
      #expect(result.status == 0, "\(file): \(result.stderr)")
      #expect(result.stderr.isEmpty, "\(file)")
    }
  }
}
