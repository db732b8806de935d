import Foundation
import TestSupport
import Testing

@testable import Catalog

/// The two request URLs, built the way the API reads them.
@Suite struct ITunesEndpointTests {
  func endpoint(_ base: String = "http://127.0.0.1:8080") throws -> ITunesEndpoint {
    ITunesEndpoint(baseURL: try #require(URL(string: base)), country: "GB")
  }

  @Test func searchAsksForArtistsByName() throws {
    #expect(
      try endpoint().searchURL(term: "Simon & Garfunkel", limit: 10).absoluteString
        == "http://127.0.0.1:8080/search?term=Simon%20%26%20Garfunkel&media=music&entity=musicArtist"
        + "&attribute=artistTerm&country=GB&limit=10")
  }

  @Test func lookupBatchesIdsWithPlainCommas() throws {
    #expect(
      try endpoint().lookupURL(ids: ["1", "22", "333"], limit: 200).absoluteString
        == "http://127.0.0.1:8080/lookup?id=1,22,333&entity=album&limit=200&country=GB&sort=recent")
  }

  @Test func aBaseWithAPathKeepsIt() throws {
    let nested = try endpoint("http://127.0.0.1:8080/itunes/")
    #expect(nested.searchURL(term: "a", limit: 1).path == "/itunes/search")
  }

  /// "+" must be encoded (the API reads it as a space), and so must every other reserved or non-ASCII byte; the
  /// term in the search URL is what Foundation's percent-encoding gives for the same allowed set, and the only
  /// `term=` item of the query.
  @Test(arguments: [
    "AC/DC", "Guns N' Roses", "+44", "C++ & Friends", "Sigur Rós", "宇多田ヒカル", "Кино", "50% Off?", "a#b=c;d",
    "Beyoncé 🐝", "tab\there", "~tilde_dash-dot.", "comma,separated", "",
  ])
  func termsArePercentEncodedLikeFoundation(term: String) throws {
    let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~,")
    let url = try endpoint().searchURL(term: term, limit: 10)
    let query = try #require(url.query(percentEncoded: true))
    let items = query.split(separator: "&", omittingEmptySubsequences: false)
    #expect(items.count == 6)
    let encoded = try #require(items.first { $0.hasPrefix("term=") }?.dropFirst("term=".count))
    #expect(String(encoded) == term.addingPercentEncoding(withAllowedCharacters: allowed))
    #expect(String(encoded).removingPercentEncoding == term)
    // Read back as a server reads it, the term is the one asked for.
    #expect(URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first?.value == term)
  }
}
