public import Basics
internal import Foundation

/// The client id and secret of the person's own app at a service (a Spotify or TIDAL developer app), which its API
/// wants before it answers. They live in a file of their own, readable by its owner alone:
///
///     # deepcut's Spotify app
///     client_id = 1f0e…
///     client_secret = 9b2c…
public struct AppCredentials: Sendable, Hashable {
  public var clientID: String
  public var secret: Secret

  public init(clientID: String, secret: Secret) {
    self.clientID = clientID
    self.secret = secret
  }

  /// The file's text for `clientID` and `secret`, as setup writes it.
  public static func fileText(service: String, clientID: String, secret: Secret) -> String {
    "# \(service) app credentials for deepcut; keep this file readable by you alone (chmod 600)\n"
      + "client_id = \(clientID)\nclient_secret = \(secret.revealed)\n"
  }

  /// The credentials in the file at `path`; nil when there is no file there.
  public static func read(from path: String) throws(CatalogError) -> AppCredentials? {
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    let problem: String?
    do {
      problem = try OwnerOnlyFile.problem(ofFile: path)
    } catch {
      throw .credentials("cannot read \(path) (\(error)); write the app's client_id and client_secret in it")
    }
    if let problem { throw .credentials(problem) }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .credentials("cannot read \(path); write the app's client_id and client_secret in it")
    }
    return try parse(String(decoding: data, as: UTF8.self), path: path)
  }

  /// `client_id = …` and `client_secret = …` lines; blank lines and `#` comments between them. `path` names where
  /// the text came from in a refusal, which never shows a line: it may hold the secret.
  public static func parse(_ text: String, path: String) throws(CatalogError) -> AppCredentials {
    var values: [String: String] = [:]
    // Any line ending: a file written on Windows, or piped from one, ends its lines in CRLF.
    for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
      let parts = trimmed.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
      guard parts.count == 2, ["client_id", "client_secret"].contains(parts[0]), !parts[1].isEmpty else {
        // The line itself is never shown: it may hold the secret.
        throw .credentials("\(path), line \(index + 1): write 'client_id = …' or 'client_secret = …'")
      }
      values[parts[0]] = parts[1]
    }
    guard let id = values["client_id"], let secret = values["client_secret"] else {
      throw .credentials("\(path) lacks client_id or client_secret: write both, one a line")
    }
    return AppCredentials(clientID: id, secret: Secret(secret))
  }
}
