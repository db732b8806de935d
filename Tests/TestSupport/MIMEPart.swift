public import Foundation

/// A message or one of its parts, read as RFC 2045/2046 lay them out: headers, then a body that a multipart type
/// splits at its boundary. Strict where deepcut's own messages must be: CRLF lines, a closing delimiter, base64
/// that decodes. Written for the tests, so they see an e-mail's tree and not only strings in it.
public struct MIMEPart: Sendable {
  /// The header fields in order, unfolded, names as written.
  public var headers: [(name: String, value: String)]
  /// The body as it stands, transfer encoding and all.
  public var body: String
  /// The parts of a multipart body, in order; empty for any other type.
  public var parts: [MIMEPart]

  public struct Malformed: Error, CustomStringConvertible {
    public var description: String
  }

  public init(parsing text: String) throws {
    guard let end = text.range(of: "\r\n\r\n") else { throw Malformed(description: "no blank line after the headers") }
    headers = try Self.fields(String(text[..<end.lowerBound]))
    body = String(text[end.upperBound...])
    parts = []
    if type.hasPrefix("multipart/") {
      guard let boundary = parameter("boundary", of: "Content-Type") else {
        throw Malformed(description: "\(type) without a boundary")
      }
      parts = try Self.split(body, boundary: boundary).map(MIMEPart.init(parsing:))
    }
  }

  /// The value of the first field called `name`, any case.
  public func header(_ name: String) -> String? {
    headers.first { $0.name.lowercased() == name.lowercased() }?.value
  }

  /// "multipart/mixed", "text/html", ...: lower case, without parameters; text/plain when there is no Content-Type.
  public var type: String {
    (header("Content-Type") ?? "text/plain").split(separator: ";").first.map {
      $0.trimmingCharacters(in: .whitespaces).lowercased()
    } ?? "text/plain"
  }

  /// A parameter of a field (`charset` of Content-Type, `filename` of Content-Disposition), unquoted.
  public func parameter(_ name: String, of field: String) -> String? {
    guard let value = header(field) else { return nil }
    for piece in value.split(separator: ";").dropFirst() {
      let pair = piece.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
      if pair.count == 2, pair[0].lowercased() == name.lowercased() {
        return pair[1].hasPrefix("\"") && pair[1].hasSuffix("\"") ? String(pair[1].dropFirst().dropLast()) : pair[1]
      }
    }
    return nil
  }

  /// "attachment" or "inline", lower case; nil without a Content-Disposition.
  public var disposition: String? {
    header("Content-Disposition")?.split(separator: ";").first.map {
      $0.trimmingCharacters(in: .whitespaces).lowercased()
    }
  }

  /// The body with its transfer encoding undone.
  public func decoded() throws -> Data {
    guard header("Content-Transfer-Encoding")?.lowercased() == "base64" else { return Data(body.utf8) }
    guard let data = Data(base64Encoded: body.replacingOccurrences(of: "\r\n", with: "")) else {
      throw Malformed(description: "the base64 body of a \(type) part does not decode")
    }
    return data
  }

  /// The decoded body as UTF-8 text.
  public func text() throws -> String {
    String(decoding: try decoded(), as: UTF8.self)
  }

  /// Every part that is not multipart, depth first: what a mail program shows or offers.
  public var leaves: [MIMEPart] {
    parts.isEmpty ? [self] : parts.flatMap(\.leaves)
  }

  /// The type of each part, nested as the message nests them: "multipart/mixed[multipart/alternative[text/plain,
  /// text/html],text/html]".
  public var tree: String {
    parts.isEmpty ? type : "\(type)[\(parts.map(\.tree).joined(separator: ","))]"
  }

  private static func fields(_ block: String) throws -> [(name: String, value: String)] {
    var fields: [(name: String, value: String)] = []
    for line in block.components(separatedBy: "\r\n") {
      if line.first == " " || line.first == "\t" {
        guard !fields.isEmpty else { throw Malformed(description: "a folded line before any field") }
        fields[fields.count - 1].value += line
      } else if let colon = line.firstIndex(of: ":") {
        fields.append(
          (String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)))
      } else {
        throw Malformed(description: "not a header field: \(line.prefix(80))")
      }
    }
    return fields
  }

  /// The parts between `--boundary` lines, up to `--boundary--`; the line break before a delimiter is the
  /// delimiter's, not the part's.
  private static func split(_ body: String, boundary: String) throws -> [String] {
    var parts: [String] = []
    var current: [String]?
    for line in body.components(separatedBy: "\r\n") {
      if line == "--" + boundary + "--" {
        if let current { parts.append(current.joined(separator: "\r\n")) }
        return parts
      }
      if line == "--" + boundary {
        if let current { parts.append(current.joined(separator: "\r\n")) }
        current = []
      } else {
        current?.append(line)
      }
    }
    throw Malformed(description: "no closing delimiter --\(boundary)--")
  }
}
