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
  /// The web address the whole report is served at, linked when the e-mail has to leave releases out (a path on
  /// this machine is never named: the reader's phone cannot open it, and the report rides along attached).
  public var fullReportURL: String?

  public static let defaultMaximumPartBytes = 100_000
  /// What `email.maxPartBytes` may be set to: below 10 KB not even the headline and the summary fit.
  public static let maximumPartBytesRange = 10_000...10_000_000

  public init(
    from: String, to: [String], subject: String? = nil, date: Date,
    maximumPartBytes: Int = EmailOptions.defaultMaximumPartBytes, fullReportURL: String? = nil
  ) {
    self.from = from
    self.to = to
    self.subject = subject
    self.date = date
    self.maximumPartBytes = maximumPartBytes
    self.fullReportURL = fullReportURL
  }
}

/// A file that rides along with an e-mail: the whole report, when the body had to leave rows out.
public struct EmailAttachment: Sendable, Equatable {
  /// "deepcut-2026-11-29.html".
  public var fileName: String
  public var html: String

  public init(fileName: String, html: String) {
    self.fileName = fileName
    self.html = html
  }
}

/// An RFC 5322 message ready for `sendmail -t`: multipart/alternative with the Markdown as text/plain
/// and the HTML page, both UTF-8 in base64 with 76-character lines. With an attachment, that alternative is the
/// first part of a multipart/mixed whose second part is the attached HTML file.
public enum EmailMessage {
  public static func compose(
    text: String, html: String, subject: String, options: EmailOptions, attachment: EmailAttachment? = nil
  ) -> String {
    // Derived from the content, so the same report always gives the same bytes (--now fixes the date).
    let digest = FNV1a.hex(
      text + "\u{0}" + html + "\u{0}" + subject + options.to.joined(separator: ",")
        + (attachment.map { "\u{0}" + $0.fileName + "\u{0}" + $0.html } ?? ""))
    // Base64 has no "-", so neither boundary can occur in a part, and neither is the start of the other.
    let alternative = "deepcut-\(digest)"
    let mixed = "deepcut-mixed-\(digest)"
    var lines = headers(subject: subject, options: options, digest: digest)
    let preamble = ["", "This is a multi-part message in MIME format."]
    let alternativeHeader = "Content-Type: multipart/alternative; boundary=\"\(alternative)\""
    let body = alternativeBody(text: text, html: html, boundary: alternative)
    if let attachment {
      lines += ["Content-Type: multipart/mixed; boundary=\"\(mixed)\""] + preamble
      lines += ["--\(mixed)", alternativeHeader, ""] + body
      lines += ["--\(mixed)"] + attachmentPart(attachment) + ["--\(mixed)--"]
    } else {
      lines += [alternativeHeader] + preamble + body
    }
    lines.append("")
    return lines.joined(separator: "\r\n")
  }

  /// A message of one text/plain part, such as setup's test e-mail.
  public static func composePlain(text: String, subject: String, options: EmailOptions) -> String {
    let digest = FNV1a.hex(text + "\u{0}" + subject + options.to.joined(separator: ","))
    var lines = headers(subject: subject, options: options, digest: digest)
    lines += [
      "Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: base64", "", base64Lines(text), "",
    ]
    return lines.joined(separator: "\r\n")
  }

  static func headers(subject: String, options: EmailOptions, digest: String) -> [String] {
    [
      "From: \(options.from)",
      "To: \(options.to.joined(separator: ", "))",
      "Subject: \(encodedHeader(subject, nameLength: "Subject: ".count))",
      "Date: \(rfc5322Date(options.date))",
      "Message-ID: <deepcut.\(dateStamp(options.date)).\(digest)@\(domain(of: options.from))>",
      "MIME-Version: 1.0",
      "Auto-Submitted: auto-generated",
    ]
  }

  /// The text and HTML parts, each between boundaries, and the closing boundary.
  static func alternativeBody(text: String, html: String, boundary: String) -> [String] {
    var lines: [String] = []
    for (type, body) in [("text/plain", text), ("text/html", html)] {
      lines += ["--\(boundary)", "Content-Type: \(type); charset=utf-8", "Content-Transfer-Encoding: base64", ""]
      lines.append(base64Lines(body))
    }
    lines.append("--\(boundary)--")
    return lines
  }

  /// The attached file's headers and body. The name goes in both places mail programs look for it: `filename` of
  /// the disposition, and the older `name` of the type, which some still read instead.
  static func attachmentPart(_ attachment: EmailAttachment) -> [String] {
    [
      "Content-Type: text/html; charset=utf-8; name=\"\(attachment.fileName)\"",
      "Content-Disposition: attachment; filename=\"\(attachment.fileName)\"",
      "Content-Transfer-Encoding: base64",
      "",
      base64Lines(attachment.html),
    ]
  }

  /// `text` as UTF-8 in base64, in lines of 76 characters ended by CRLF (the last one's ending is the caller's).
  static func base64Lines(_ text: String) -> String {
    Data(text.utf8).base64EncodedString(options: [
      .lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed,
    ])
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
