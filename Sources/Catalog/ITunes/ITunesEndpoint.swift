public import Foundation

/// The iTunes Search API's two requests, built the way the API documents them.
public struct ITunesEndpoint: Sendable, Equatable {
  public static let production = URL(string: "https://itunes.apple.com") ?? URL(fileURLWithPath: "/")

  public var baseURL: URL
  /// Two-letter store country; release dates and availability differ by store.
  public var country: String

  public init(baseURL: URL = ITunesEndpoint.production, country: String = "US") {
    self.baseURL = baseURL
    self.country = country
  }

  public func searchURL(term: String, limit: Int) -> URL {
    url(
      "search",
      [
        ("term", term), ("media", "music"), ("entity", "musicArtist"), ("attribute", "artistTerm"),
        ("country", country), ("limit", String(limit)),
      ]
    )
  }

  /// One request for many artists: each artist record comes back followed by up to `limit` of its albums.
  public func lookupURL(ids: [String], limit: Int) -> URL {
    url(
      "lookup",
      [
        ("id", ids.joined(separator: ",")), ("entity", "album"), ("limit", String(limit)), ("country", country),
        ("sort", "recent"),
      ]
    )
  }

  private func url(_ path: String, _ items: [(String, String)]) -> URL {
    // Encoded by hand: URLComponents leaves "+" and "&" alone in values, and the API reads "+" as a space.
    let query = items.map { "\($0.0)=\(Self.encode($0.1))" }.joined(separator: "&")
    let base = baseURL.absoluteString.hasSuffix("/") ? baseURL.absoluteString : baseURL.absoluteString + "/"
    return URL(string: base + path + "?" + query) ?? baseURL
  }

  /// Percent-encodes everything but RFC 3986's unreserved characters and the comma that separates lookup ids,
  /// byte by byte over UTF-8 (the way `addingPercentEncoding` does, without going through `NSString`).
  static func encode(_ value: String) -> String {
    var encoded: [UInt8] = []
    encoded.reserveCapacity(value.utf8.count)
    for byte in value.utf8 {
      if isUnreserved(byte) {
        encoded.append(byte)
      } else {
        encoded.append(UInt8(ascii: "%"))
        encoded.append(hexDigits[Int(byte >> 4)])
        encoded.append(hexDigits[Int(byte & 0x0F)])
      }
    }
    return String(decoding: encoded, as: UTF8.self)
  }

  private static let hexDigits = Array("0123456789ABCDEF".utf8)

  private static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"),
      UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: ","):
      true
    default:
      false
    }
  }
}
