/// Turns a rendered iCalendar template into the format's lines (RFC 5545, 3.1): CRLF after every line, blank
/// lines dropped (a template's spacing must not become an empty content line, which strict readers refuse), and
/// every line longer than 75 octets folded, the continuation starting with one space, never inside a UTF-8
/// sequence or between a character and the marks that combine with it.
public enum ICalendarLines {
  public static let maximumOctets = 75

  public static func format(_ rendered: String) -> String {
    var output = ""
    output.reserveCapacity(rendered.utf8.count + rendered.utf8.count / 16)
    for line in rendered.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
      let trimmed = line.hasSuffix("\r") ? line.dropLast() : line
      guard !trimmed.allSatisfy({ $0 == " " || $0 == "\t" }) else { continue }
      fold(trimmed, into: &output)
    }
    return output
  }

  /// Appends `line` folded, each piece ending in CRLF.
  static func fold(_ line: Substring, into output: inout String) {
    var octets = 0
    for character in line {
      let size = character.utf8.count
      // A character longer than a whole line (a run of combining marks) is split by scalars instead.
      if size > maximumOctets - 1 {
        for scalar in character.unicodeScalars {
          let scalarSize = String(scalar).utf8.count
          if octets + scalarSize > maximumOctets {
            output += "\r\n "
            octets = 1
          }
          output.unicodeScalars.append(scalar)
          octets += scalarSize
        }
        continue
      }
      if octets + size > maximumOctets {
        output += "\r\n "
        octets = 1
      }
      output.append(character)
      octets += size
    }
    output += "\r\n"
  }
}
