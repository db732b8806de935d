internal import Basics
internal import Foundation

/// A property list's `<date>`: "2024-05-01T10:00:00Z", UTC to the second, the one form Music and iTunes write.
///
/// Read from bytes with civil-date arithmetic: Foundation's formatters are slow to make and read the machine's
/// calendar, and the form is fixed.
enum PlistDate {
  static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
    let trimmed = bytes.drop { isSpace($0) }.reversed().drop { isSpace($0) }.reversed()
    let text = Array(trimmed)
    guard text.count == 20, text[4] == dash, text[7] == dash, text[10] == UInt8(ascii: "T"), text[13] == colon,
      text[16] == colon, text[19] == UInt8(ascii: "Z"),
      let year = number(text[0..<4]), let month = number(text[5..<7]), let day = number(text[8..<10]),
      let hour = number(text[11..<13]), let minute = number(text[14..<16]), let second = number(text[17..<19]),
      (1...12).contains(month), (1...CivilDate.days(in: month, of: year)).contains(day), hour < 24, minute < 60,
      second < 61
    else { return nil }
    let days = CivilDate.daysSinceEpoch(year: year, month: month, day: day)
    return Date(timeIntervalSince1970: TimeInterval(((days * 24 + hour) * 60 + minute) * 60 + second))
  }

  private static let dash = UInt8(ascii: "-")
  private static let colon = UInt8(ascii: ":")

  private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
    var value = 0
    for byte in digits {
      guard (0x30...0x39).contains(byte) else { return nil }
      value = value * 10 + Int(byte - 0x30)
    }
    return value
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }
}
