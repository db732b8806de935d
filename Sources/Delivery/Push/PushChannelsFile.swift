public import Basics
internal import Foundation

/// The file that names the push channels, one Apprise URL a line, `#` comments between. The URLs carry tokens, so
/// the file is readable by its owner alone and its lines never appear in a message: a mistake names the file and
/// the line.
public enum PushChannelsFile {
  /// The addresses in the file at `path`; none when there is no file there.
  public static func read(_ path: String) throws(DeliveryError) -> [PushAddress] {
    guard FileManager.default.fileExists(atPath: path) else { return [] }
    let problem: String?
    do {
      problem = try OwnerOnlyFile.problem(ofFile: path)
    } catch {
      throw .unusable("cannot read \(path) (\(error)); write one channel's URL a line in it")
    }
    if let problem { throw .unusable(problem) }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .unusable("cannot read \(path); write one channel's URL a line in it")
    }
    return try parse(String(decoding: data, as: UTF8.self), path: path)
  }

  /// One address a line; blank lines and `#` comments skipped, and a comment after an address (a URL has no spaces).
  public static func parse(_ text: String, path: String) throws(DeliveryError) -> [PushAddress] {
    var addresses: [PushAddress] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let uncommented = line.replacingOccurrences(of: #"\s+#.*$"#, with: "", options: .regularExpression)
      let trimmed = uncommented.trimmingCharacters(in: .whitespacesAndNewlines)
      guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
      let place = "\(path), line \(index + 1)"
      // The line itself is never shown: it holds the channel's token.
      guard let address = PushAddress(trimmed, place: place) else {
        throw .unusable("\(place): write a channel's URL, such as ntfys://ntfy.sh/TOPIC or discord://ID/TOKEN")
      }
      addresses.append(address)
    }
    return addresses
  }

  /// The file's text for `urls`, as setup writes it.
  public static func fileText(_ urls: [Secret]) -> String {
    "# deepcut's push channels, one Apprise URL a line; keep this file readable by you alone (chmod 600)\n"
      + urls.map { $0.revealed + "\n" }.joined()
  }
}
