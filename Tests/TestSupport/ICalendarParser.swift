public import Foundation

/// A strict reader of iCalendar files (RFC 5545), for checking what deepcut writes: it refuses anything a strict
/// calendar app could refuse, rather than guessing.
public struct ICalendarParser {
  public struct Property: Equatable {
    public var name: String
    public var parameters: [String: String]
    /// As written, escapes and all.
    public var raw: String
  }

  public struct Component {
    public var name: String
    public var properties: [Property] = []
    public var children: [Component] = []

    public func all(_ name: String) -> [Property] { properties.filter { $0.name == name } }
    public func one(_ name: String) -> Property? {
      let found = all(name)
      return found.count == 1 ? found[0] : nil
    }
  }

  public struct Failure: Error, CustomStringConvertible {
    public var line: Int
    public var message: String
    public var description: String { "line \(line): \(message)" }
  }

  /// Properties whose value is TEXT (RFC 5545, 3.3.11) in what deepcut writes.
  public static let textProperties: Set<String> = ["SUMMARY", "DESCRIPTION", "X-WR-CALNAME", "CATEGORIES", "UID"]

  public static func parse(_ data: Data) throws -> Component {
    // Physical lines: CRLF only, each at most 75 octets, each valid UTF-8 by itself (a fold never splits a
    // character's bytes).
    let bytes = [UInt8](data)
    var physical: [[UInt8]] = []
    var current: [UInt8] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x0D {
        guard index + 1 < bytes.count, bytes[index + 1] == 0x0A else {
          throw Failure(line: physical.count + 1, message: "a CR not followed by LF")
        }
        physical.append(current)
        current = []
        index += 2
        continue
      }
      if byte == 0x0A { throw Failure(line: physical.count + 1, message: "a bare LF") }
      current.append(byte)
      index += 1
    }
    guard current.isEmpty else { throw Failure(line: physical.count + 1, message: "the last line has no CRLF") }
    var logical: [(number: Int, text: String)] = []
    for (offset, line) in physical.enumerated() {
      let number = offset + 1
      guard line.count <= 75 else { throw Failure(line: number, message: "\(line.count) octets, over 75") }
      guard let text = String(validating: line, as: UTF8.self) else {
        throw Failure(line: number, message: "not valid UTF-8 by itself (a fold split a character)")
      }
      guard !text.isEmpty else { throw Failure(line: number, message: "an empty line") }
      if text.first == " " || text.first == "\t" {
        guard !logical.isEmpty else { throw Failure(line: number, message: "a continuation with nothing before it") }
        logical[logical.count - 1].text += text.dropFirst()
      } else {
        logical.append((number, text))
      }
    }
    var stack: [Component] = []
    var root: Component?
    for (number, text) in logical {
      let property = try parseLine(text, number: number)
      switch property.name {
      case "BEGIN":
        guard root == nil else { throw Failure(line: number, message: "content after END:VCALENDAR") }
        stack.append(Component(name: property.raw))
      case "END":
        guard let last = stack.popLast(), last.name == property.raw else {
          throw Failure(line: number, message: "END:\(property.raw) does not close the open component")
        }
        if stack.isEmpty { root = last } else { stack[stack.count - 1].children.append(last) }
      default:
        guard !stack.isEmpty else { throw Failure(line: number, message: "a property outside any component") }
        if textProperties.contains(property.name) { _ = try unescape(property.raw, line: number) }
        stack[stack.count - 1].properties.append(property)
      }
    }
    guard stack.isEmpty, let root, root.name == "VCALENDAR" else {
      throw Failure(line: logical.last?.number ?? 0, message: "not one whole VCALENDAR")
    }
    return root
  }

  /// `NAME *(";" PARAM "=" VALUE) ":" VALUE`, with names of letters, digits and dashes.
  public static func parseLine(_ text: String, number: Int) throws -> Property {
    let nameEnd = text.firstIndex { $0 == ";" || $0 == ":" } ?? text.endIndex
    let name = String(text[..<nameEnd])
    guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
      throw Failure(line: number, message: "'\(name)' is no property name")
    }
    var parameters: [String: String] = [:]
    var position = nameEnd
    while position < text.endIndex, text[position] == ";" {
      let start = text.index(after: position)
      guard let equals = text[start...].firstIndex(of: "=") else {
        throw Failure(line: number, message: "a parameter without a value")
      }
      var end = text.index(after: equals)
      if end < text.endIndex, text[end] == "\"" {
        guard let close = text[text.index(after: end)...].firstIndex(of: "\"") else {
          throw Failure(line: number, message: "an unclosed quoted parameter")
        }
        end = text.index(after: close)
      } else {
        end = text[end...].firstIndex { $0 == ";" || $0 == ":" || $0 == "," } ?? text.endIndex
      }
      parameters[String(text[start..<equals])] = String(text[text.index(after: equals)..<end])
      position = end
    }
    guard position < text.endIndex, text[position] == ":" else {
      throw Failure(line: number, message: "no ':' before the value")
    }
    let value = String(text[text.index(after: position)...])
    guard !value.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F }) else {
      throw Failure(line: number, message: "a control character in the value")
    }
    return Property(name: name, parameters: parameters, raw: value)
  }

  /// A TEXT value as text: `\\`, `\;`, `\,` and `\n` are the only escapes, and `,` `;` never appear bare.
  public static func unescape(_ raw: String, line: Int = 0) throws -> String {
    var result = ""
    var iterator = raw.makeIterator()
    while let character = iterator.next() {
      switch character {
      case "\\":
        switch iterator.next() {
        case "\\": result.append("\\")
        case ";": result.append(";")
        case ",": result.append(",")
        case "n", "N": result.append("\n")
        default: throw Failure(line: line, message: "an unknown escape in '\(raw)'")
        }
      case ",", ";":
        throw Failure(line: line, message: "a bare '\(character)' in the text '\(raw)'")
      default:
        result.append(character)
      }
    }
    return result
  }
}
