internal import Basics
public import Foundation

/// Who an e-mailed report goes to, and when it was made.
public struct EmailOptions: Sendable, Equatable {
  public var from: String
  public var to: [String]
  /// Overrides the report's headline as the subject.
  public var subject: String?
  public var date: Date
  /// The most each part (text and HTML, before transfer encoding) may hold. Gmail clips a message whose HTML passes
  /// about 102 KB, and the reader then sees it cut in the middle.
  public var maximumPartBytes: Int
  /// Where the whole report is (a path or a web address), named when the e-mail has to leave releases out.
  public var fullReport: String?

  public static let defaultMaximumPartBytes = 100_000
  /// What `email.maxPartBytes` may be set to: below 10 KB not even the headline and the summary fit.
  public static let maximumPartBytesRange = 10_000...10_000_000

  public init(
    from: String, to: [String], subject: String? = nil, date: Date,
    maximumPartBytes: Int = EmailOptions.defaultMaximumPartBytes, fullReport: String? = nil
  ) {
    self.from = from
    self.to = to
    self.subject = subject
    self.date = date
    self.maximumPartBytes = maximumPartBytes
    self.fullReport = fullReport
  }
}

/// An RFC 5322 message ready for `sendmail -t`: multipart/alternative with the Markdown as text/plain
/// and the HTML page, both UTF-8 in base64 with 76-character lines.
public enum EmailMessage {
  public static func compose(text: String, html: String, subject: String, options: EmailOptions) -> String {
    // Derived from the content, so the same report always gives the same bytes (--now fixes the date).
    let digest = FNV1a.hex(text + "\u{0}" + html + "\u{0}" + subject + options.to.joined(separator: ","))
    let boundary = "deepcut-\(digest)"
    let stamp = dateStamp(options.date)
    var headers = [
      "From: \(options.from)",
      "To: \(options.to.joined(separator: ", "))",
      "Subject: \(encodedHeader(subject, nameLength: "Subject: ".count))",
      "Date: \(rfc5322Date(options.date))",
      "Message-ID: <deepcut.\(stamp).\(digest)@\(domain(of: options.from))>",
      "MIME-Version: 1.0",
      "Auto-Submitted: auto-generated",
      "Content-Type: multipart/alternative; boundary=\"\(boundary)\"",
    ]
    headers.append("")
    var lines = headers
    lines.append("This is a multi-part message in MIME format.")
    for (type, body) in [("text/plain", text), ("text/html", html)] {
      lines.append("--\(boundary)")
      lines.append("Content-Type: \(type); charset=utf-8")
      lines.append("Content-Transfer-Encoding: base64")
      lines.append("")
      lines.append(
        Data(body.utf8).base64EncodedString(options: [
          .lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed,
        ]))
    }
    lines.append("--\(boundary)--")
    lines.append("")
    return lines.joined(separator: "\r\n")
  }

  /// An RFC 2047 encoded-word header value, folded so no line passes 76 characters; ASCII stays as it is.
  static func encodedHeader(_ value: String, nameLength: Int) -> String {
    if value.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F }), nameLength + value.count <= 76 {
      return value
    }
    // Each encoded word holds whole characters: at most 39 bytes of UTF-8 (52 base64 characters), so a
    // folded line stays under 76 characters even after "Subject: ".
    var words: [String] = []
    var chunk = Data()
    for character in value {
      let bytes = Data(String(character).utf8)
      if chunk.count + bytes.count > 39 {
        words.append("=?UTF-8?B?\(chunk.base64EncodedString())?=")
        chunk = Data()
      }
      chunk.append(bytes)
    }
    if !chunk.isEmpty { words.append("=?UTF-8?B?\(chunk.base64EncodedString())?=") }
    return words.joined(separator: "\r\n ")
  }

  static func rfc5322Date(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
    let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
    return "\(weekdays[((parts.weekday ?? 1) - 1) % 7]), \(parts.day ?? 1) \(months[((parts.month ?? 1) - 1) % 12]) "
      + "\(parts.year ?? 1970) \(two(parts.hour)):\(two(parts.minute)):\(two(parts.second)) +0000"
  }

  static func dateStamp(_ date: Date) -> String {
    String(Int(date.timeIntervalSince1970))
  }

  static func domain(of address: String) -> String {
    let trimmed = address.trimmingCharacters(in: CharacterSet(charactersIn: "<> "))
    guard let at = trimmed.lastIndex(of: "@") else { return "localhost" }
    let host = trimmed[trimmed.index(after: at)...].prefix { $0 != ">" && $0 != " " }
    return host.isEmpty ? "localhost" : String(host)
  }

}
