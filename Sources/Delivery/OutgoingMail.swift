public import Foundation

/// A message ready to hand over, with its envelope: who it is from and every address it goes to.
public struct OutgoingMail: Sendable {
  /// The whole RFC 5322 message, lines ending in CRLF, exactly as it is to arrive.
  public var message: Data
  /// The envelope sender: a bare address.
  public var sender: String
  /// The envelope recipients: bare addresses.
  public var recipients: [String]

  public init(message: Data, sender: String, recipients: [String]) {
    self.message = message
    self.sender = sender
    self.recipients = recipients
  }

  /// The address in "Name <address>", or the text itself, trimmed.
  public static func bareAddress(_ text: String) -> String {
    guard let open = text.lastIndex(of: "<"), let close = text.lastIndex(of: ">"), open < close else {
      return text.trimmingCharacters(in: .whitespaces)
    }
    return String(text[text.index(after: open)..<close]).trimmingCharacters(in: .whitespaces)
  }
}
