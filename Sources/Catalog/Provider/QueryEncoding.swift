internal import Foundation

/// Query values encoded for a URL by hand, byte by byte over UTF-8: `URLComponents` leaves "+" and "&" alone in
/// values, and the catalogs read "+" as a space.
enum QueryEncoding {
  /// Percent-encodes everything but RFC 3986's unreserved characters (and the comma, when asked).
  static func percentEncoded(_ value: String, keepingComma: Bool = false) -> String {
    var encoded: [UInt8] = []
    encoded.reserveCapacity(value.utf8.count)
    for byte in value.utf8 {
      if isUnreserved(byte) || (keepingComma && byte == UInt8(ascii: ",")) {
        encoded.append(byte)
      } else {
        encoded.append(UInt8(ascii: "%"))
        encoded.append(hexDigits[Int(byte >> 4)])
        encoded.append(hexDigits[Int(byte & 0x0F)])
      }
    }
    return String(decoding: encoded, as: UTF8.self)
  }

  /// `name=value&…` with every value encoded.
  static func query(_ items: [(String, String)], keepingComma: Bool = false) -> String {
    items.map { "\($0.0)=\(percentEncoded($0.1, keepingComma: keepingComma))" }.joined(separator: "&")
  }

  /// `base` + `path` (which starts with "/") + `?` + the encoded query; a base that ends in "/" gives no "//".
  static func url(_ base: URL, _ path: String, _ items: [(String, String)], keepingComma: Bool = false) -> URL {
    let text = base.absoluteString.hasSuffix("/") ? String(base.absoluteString.dropLast()) : base.absoluteString
    return URL(string: text + path + "?" + query(items, keepingComma: keepingComma)) ?? base
  }

  private static let hexDigits = Array("0123456789ABCDEF".utf8)

  private static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
      UInt8(ascii: "~"):
      true
    default:
      false
    }
  }
}
