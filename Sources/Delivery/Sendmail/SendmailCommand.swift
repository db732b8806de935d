internal import Foundation

/// A local mail command (`sendmail -t -i`, msmtp, ...) that takes the message on its standard input. With `-t` it
/// reads the recipients from the message; without, they are added to its arguments.
public struct SendmailCommand: Sendable {
  public var words: [String]
  /// The most the command may take before it is stopped.
  public var timeout: Duration

  public static let standard = "sendmail -t -i"

  /// Splits `text` into words as a shell would for plain words and quotes ('…', "…"); nil when it has none or a
  /// quote is left open.
  public init?(_ text: String, timeout: Duration = .seconds(60)) {
    guard let words = Self.words(text), !words.isEmpty else { return nil }
    self.words = words
    self.timeout = timeout
  }

  /// How messages name the command.
  public var name: String { words.joined(separator: " ") }

  static func words(_ text: String) -> [String]? {
    var words: [String] = []
    var word: String?
    var quote: Character?
    for character in text {
      if let open = quote {
        if character == open { quote = nil } else { word?.append(character) }
      } else if character == "'" || character == "\"" {
        quote = character
        word = word ?? ""
      } else if character.isWhitespace {
        if let done = word { words.append(done) }
        word = nil
      } else {
        word = (word ?? "") + String(character)
      }
    }
    guard quote == nil else { return nil }
    if let done = word { words.append(done) }
    return words
  }

  /// The program to run: a path as given, else the first match on PATH or in the folders sendmail lives in
  /// (cron's PATH often leaves out /usr/sbin).
  func executable(environment: [String: String]) -> String? {
    guard let program = words.first else { return nil }
    if program.contains("/") { return FileManager.default.isExecutableFile(atPath: program) ? program : nil }
    let folders =
      (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init) + [
        "/usr/sbin", "/usr/lib", "/sbin",
      ]
    return folders.map { $0 + "/" + program }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// The arguments after the program: as given, and the recipients when the command does not read them itself.
  func arguments(for mail: OutgoingMail) -> [String] {
    let given = Array(words.dropFirst())
    return given.contains("-t") ? given : given + ["--"] + mail.recipients
  }
}
