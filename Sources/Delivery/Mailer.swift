/// Hands a message to the mail server or the mail command, and says whether it was accepted.
public struct Mailer: Sendable {
  /// Where messages go.
  public enum Route: Sendable {
    /// Submitted by deepcut itself, over SMTP.
    case smtp(SMTPServer)
    /// Handed to a local mail command on its standard input.
    case sendmail(SendmailCommand)

    /// How messages and logs name the route: the server's address, or the command.
    public var name: String {
      switch self {
      case .smtp(let server): server.name
      case .sendmail(let command): command.name
      }
    }
  }

  /// What an accepted delivery took.
  public struct Receipt: Sendable, Equatable {
    public var attempts: Int
    /// What the receiving side said on accepting it: the SMTP server's reply to the message ("250 2.0.0 Ok: queued
    /// as 4F2A"), or how the mail command ended ("'sendmail -t -i' exited 0").
    public var reply: String

    public init(attempts: Int, reply: String) {
      self.attempts = attempts
      self.reply = reply
    }
  }

  public var route: Route
  /// How long to wait before the one retry a temporary failure gets.
  public var retryAfter: Duration
  let sleep: @Sendable (Duration) async throws -> Void

  /// `sleep` waits out the retry's delay; tests hand in one that only notes it.
  public init(
    route: Route, retryAfter: Duration = .seconds(30),
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) {
    self.route = route
    self.retryAfter = retryAfter
    self.sleep = sleep
  }

  /// Delivers `mail`, trying once more after `retryAfter` if the first attempt failed for now. Returns once the
  /// server answered 250 to the message, or the command exited 0; throws the last attempt's error otherwise. A
  /// stop asked for while waiting to retry ends the wait with the first error.
  public func deliver(_ mail: OutgoingMail) async throws(DeliveryError) -> Receipt {
    do {
      return Receipt(attempts: 1, reply: try await attempt(mail))
    } catch  where error.isTemporary {
      let first = error
      do {
        try await sleep(retryAfter)
      } catch {
        throw first
      }
      return Receipt(attempts: 2, reply: try await attempt(mail))
    }
  }

  func attempt(_ mail: OutgoingMail) async throws(DeliveryError) -> String {
    switch route {
    case .smtp(let server): try await SMTPSubmission.submit(mail, to: server)
    case .sendmail(let command): try await command.run(mail)
    }
  }
}
