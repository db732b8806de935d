/// Hands a message to a channel and says whether it was accepted, trying once more after a wait when the first
/// attempt failed for now. The same for every channel: a channel only attempts.
public struct Courier: Sendable {
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

  public var channel: any DeliveryChannel
  /// How long to wait before the one retry a temporary failure gets.
  public var retryAfter: Duration
  let sleep: @Sendable (Duration) async throws -> Void

  /// `sleep` waits out the retry's delay; tests hand in one that only notes it.
  public init(
    _ channel: any DeliveryChannel, retryAfter: Duration = .seconds(30),
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) {
    self.channel = channel
    self.retryAfter = retryAfter
    self.sleep = sleep
  }

  /// Delivers `mail`, trying once more after `retryAfter` if the first attempt failed for now. Returns once the
  /// channel accepted it (a server's 250 to the message, a command's exit 0); throws the last attempt's error
  /// otherwise. A stop asked for while waiting to retry ends the wait with the first error.
  public func deliver(_ mail: OutgoingMail) async throws(DeliveryError) -> Receipt {
    do {
      return Receipt(attempts: 1, reply: try await channel.attempt(mail))
    } catch  where error.isTemporary {
      let first = error
      do {
        try await sleep(retryAfter)
      } catch {
        throw first
      }
      return Receipt(attempts: 2, reply: try await channel.attempt(mail))
    }
  }
}
