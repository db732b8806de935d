/// A way a finished report reaches its reader: the mail server and the mail command are the first two. A channel
/// makes one attempt and says how it went; retrying and what an acceptance means are the ``Courier``'s, written
/// once above every channel.
public protocol DeliveryChannel: Sendable {
  /// How messages and the run log name it: a server's address, a command; never a password.
  var name: String { get }
  /// What the run log and standard error say it did with an accepted message ("e-mailed").
  var accepted: String { get }
  /// One attempt: what the receiving side said on accepting the message, or why it did not, for now
  /// (``DeliveryError/temporary(_:)``) or until something is changed (``DeliveryError/permanent(_:)``).
  func attempt(_ mail: OutgoingMail) async throws(DeliveryError) -> String
}

extension SMTPServer: DeliveryChannel {
  public var accepted: String { "e-mailed" }

  public func attempt(_ mail: OutgoingMail) async throws(DeliveryError) -> String {
    try await SMTPSubmission.submit(mail, to: self)
  }
}

extension SendmailCommand: DeliveryChannel {
  public var accepted: String { "e-mailed" }

  public func attempt(_ mail: OutgoingMail) async throws(DeliveryError) -> String {
    try await run(mail)
  }
}
