import Basics
import Foundation
import HTTP
import Identity
import MusicLibrary
import Synchronization
import TestSupport
import Testing

@testable import Catalog

/// Spotify and TIDAL asked for links with the person's own app: one token for many lookups, a new one when the
/// service says it expired, a refusal said in words that name no secret, and each service's way with barcodes.
struct AppLookupTests {
  /// A service in process: answers each request by `answer`, keeping what was sent.
  final class Service: CatalogTransport {
    let sent = Mutex<[HTTPRequest]>([])
    let answer: @Sendable (HTTPRequest, Int) throws(CatalogError) -> Data

    init(_ answer: @escaping @Sendable (HTTPRequest, Int) throws(CatalogError) -> Data) { self.answer = answer }

    func get(_ url: URL) async throws(CatalogError) -> Data { try await send(HTTPRequest(url)) }

    func send(_ request: HTTPRequest) async throws(CatalogError) -> Data {
      let count = sent.withLock { sent in
        sent.append(request)
        return sent.count
      }
      return try answer(request, count)
    }

    func counters() async -> TransportCounters { TransportCounters(requests: sent.withLock(\.count)) }
    var searches: [String] { sent.withLock { $0.filter { $0.form == nil }.map(\.url.absoluteString) } }
    var tokenRequests: [HTTPRequest] { sent.withLock { $0.filter { $0.form != nil } } }
  }

  static let app = AppCredentials(clientID: "deepcut-app", secret: Secret("s3cret"))
  static let base = URL(string: "http://127.0.0.1:1") ?? URL(fileURLWithPath: "/")
  static let tokenURL = URL(string: "http://127.0.0.1:1/api/token") ?? URL(fileURLWithPath: "/")

  static func token(_ value: String, expiresIn: Int = 3600) -> Data {
    Data(#"{"access_token":"\#(value)","token_type":"Bearer","expires_in":\#(expiresIn)}"#.utf8)
  }

  /// A search answer in Spotify's shape, holding one album or none.
  static func spotifySearch(_ album: (id: String, name: String)?) -> Data {
    guard let album else {
      return Data(
        #"{"albums":{"href":"x","items":[],"limit":5,"next":null,"offset":0,"previous":null,"total":0}}"#.utf8)
    }
    return Data(
      #"""
      {"albums":{"items":[null,{"album_type":"album","total_tracks":11,"id":"\#(album.id)","name":"\#(album.name)",
      "external_urls":{"spotify":"https://open.spotify.com/album/\#(album.id)"},"release_date":"2026-11",
      "release_date_precision":"month","images":[{"url":"https://i.scdn.co/640"},{"url":"https://i.scdn.co/300"}],
      "artists":[{"name":"Nadia Reid"},{"name":"Guest"}]}],"total":0}}
      """#.utf8)
  }

  static func spotify(_ service: Service) -> SpotifyLookup {
    let token = AppToken(
      service: "spotify", url: tokenURL, presentation: .basic, transport: service,
      credentials: { () throws(CatalogError) in app })
    return SpotifyLookup(
      api: AuthorizedTransport(transport: service, token: token),
      endpoint: SpotifyEndpoint(baseURL: Self.base, market: "NZ"), requestsPerMinute: 60)
  }

  @Test func spotifyFindsAnAlbumByItsBarcodeAsItKeepsItWithOneTokenForEveryLookup() async throws {
    let service = Service { request, _ throws(CatalogError) in
      if request.form != nil { return Self.token("first") }
      return Self.spotifySearch(
        request.url.absoluteString.contains("upc%3A00602475093060") ? ("10FL", "Out of My Province") : nil)
    }
    let lookup = Self.spotify(service)
    let barcode = try #require(GTIN("602475093060"))
    let release = try #require(try await lookup.release(withGTIN: barcode))
    #expect(release.title == "Out of My Province" && release.artistName == "Nadia Reid, Guest")
    #expect(release.url == "https://open.spotify.com/album/10FL" && release.artworkURL == "https://i.scdn.co/300")
    #expect(release.releaseDate == CalendarDay(iso8601: "2026-11-01") && release.datePrecision == .month)
    #expect(release.gtin == GTIN("602475093060"))
    // 14 digits first: how Spotify keeps most barcodes, so most albums take one search.
    #expect(service.searches.count == 1)
    #expect(
      service.searches[0]
        == "http://127.0.0.1:1/v1/search?type=album&q=upc%3A00602475093060&market=NZ&limit=5")
    // A barcode it keeps otherwise is tried as written, then as 13 digits; then there is none.
    let other = try #require(GTIN("5060122336659"))
    #expect(try await lookup.release(withGTIN: other) == nil)
    let forms = service.searches.dropFirst().map { search -> String in
      String(search.split(separator: "%3A")[1].prefix { $0 != "&" })
    }
    #expect(forms == ["05060122336659", "5060122336659"])
    // One token for the night.
    let tokens = service.tokenRequests
    #expect(tokens.count == 1)
    #expect(tokens[0].form == "grant_type=client_credentials")
    #expect(tokens[0].headers == ["Authorization: Basic " + Data("deepcut-app:s3cret".utf8).base64EncodedString()])
    let searches = service.sent.withLock { $0.filter { $0.form == nil } }
    #expect(searches.allSatisfy { $0.headers == ["Authorization: Bearer first"] })
  }

  @Test func anExpiredTokenIsRenewedOnceAndARefusedAppSaysWhatToDoWithoutItsSecret() async throws {
    // The first token has expired by the first search: a 401, a new token, the search again.
    let service = Service { request, count throws(CatalogError) in
      if request.form != nil { return Self.token(count == 1 ? "stale" : "fresh") }
      if request.headers.contains("Authorization: Bearer stale") { throw .server(status: 401) }
      return Self.spotifySearch(("a1", "Album"))
    }
    let barcode = try #require(GTIN("602475093060"))
    #expect(try await Self.spotify(service).release(withGTIN: barcode)?.title == "Album")
    #expect(service.tokenRequests.count == 2 && service.searches.count == 2)

    // A service that refuses every token: said once, as a refusal of the app, and the night asks no more.
    let refusing = Service { request, _ throws(CatalogError) in
      if request.form != nil { return Self.token("any") }
      throw .server(status: 401)
    }
    await #expect(
      throws: CatalogError.credentials("spotify refused a new token of the app: check its client id and secret")
    ) {
      try await Self.spotify(refusing).release(withGTIN: barcode)
    }
    // Wrong credentials: Spotify's 400 invalid_client.
    let wrong = Service { _, _ throws(CatalogError) in throw .badRequest("invalid_client") }
    let error = await #expect(throws: CatalogError.self) {
      try await Self.spotify(wrong).release(withGTIN: barcode)
    }
    #expect(
      error == .credentials("spotify refused the app's credentials (invalid_client): check client_id and client_secret")
    )
    #expect(!String(describing: error).contains("s3cret"))
    #expect(LinkCheck.endsTheNight(try #require(error)))
  }

  @Test func tidalAsksByBarcodeWithItsAppInTheFormAndReadsItsDocument() async throws {
    let document = #"""
      {"data":[{"id":"381265361","type":"albums","attributes":{"title":"Out of My Province","barcodeId":"00602475093060",
      "releaseDate":"2026-11-20","numberOfItems":11,"explicit":false,"albumType":"ALBUM",
      "externalLinks":[{"href":"https://tidal.com/browse/album/381265361","meta":{"type":"TIDAL_SHARING"}}]},
      "relationships":{"artists":{"data":[{"id":"7","type":"artists"},{"id":"8","type":"artists"}]},
      "coverArt":{"data":[{"id":"c1","type":"artworks"}]}}}],
      "included":[{"id":"7","type":"artists","attributes":{"name":"Nadia Reid"}},
      {"id":"c1","type":"artworks","attributes":{"files":[{"href":"https://resources.tidal.com/1280","meta":{"width":1280}},
      {"href":"https://resources.tidal.com/320","meta":{"width":320}},{"href":"https://resources.tidal.com/80","meta":{"width":80}}]}}]}
      """#
    let service = Service { request, _ throws(CatalogError) in
      if request.form != nil { return Self.token("t") }
      let asked = request.url.absoluteString
      return Data((asked.hasSuffix("=00602475093060") ? document : #"{"data":[],"links":{"self":"/albums"}}"#).utf8)
    }
    let token = AppToken(
      service: "tidal", url: Self.tokenURL, presentation: .form, transport: service,
      credentials: { () throws(CatalogError) in Self.app })
    let lookup = TIDALLookup(
      api: AuthorizedTransport(transport: service, token: token),
      endpoint: TIDALEndpoint(baseURL: Self.base, country: "se"), requestsPerMinute: 12)
    let barcode = try #require(GTIN("602475093060"))
    let release = try #require(try await lookup.release(withGTIN: barcode))
    // An artist the document names but does not include is left out, not made up.
    #expect(release.title == "Out of My Province" && release.artistName == "Nadia Reid")
    #expect(release.url == "https://tidal.com/browse/album/381265361")
    #expect(release.artworkURL == "https://resources.tidal.com/320" && release.trackCount == 11)
    // As written first (12 digits), then as TIDAL often keeps it, 14.
    #expect(
      service.searches == [
        "http://127.0.0.1:1/v2/albums?countryCode=SE&include=artists%2CcoverArt&filter%5BbarcodeId%5D=602475093060",
        "http://127.0.0.1:1/v2/albums?countryCode=SE&include=artists%2CcoverArt&filter%5BbarcodeId%5D=00602475093060",
      ])
    #expect(
      service.tokenRequests.map { $0.form } == [
        "grant_type=client_credentials&client_id=deepcut-app&client_secret=s3cret"
      ])
    #expect(service.tokenRequests.allSatisfy { $0.headers.isEmpty })
  }

  @Test func credentialsComeFromAFileOnlyItsOwnerReadsAndAMistakeNamesTheLineNotTheSecret() throws {
    let folder = NSTemporaryDirectory() + "deepcut-app-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/spotify-credentials"
    #expect(try AppCredentials.read(from: path) == nil)
    let text = AppCredentials.fileText(service: "Spotify", clientID: "abc", secret: Secret("xyz"))
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
    #expect(throws: CatalogError.credentials("\(path) can be read by others (mode 644): chmod 600 \(path)")) {
      _ = try AppCredentials.read(from: path)
    }
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    #expect(try AppCredentials.read(from: path) == AppCredentials(clientID: "abc", secret: Secret("xyz")))
    try Data("client_id = abc\nclient_secret xyz-secret\n".utf8).write(to: URL(fileURLWithPath: path))
    let error = #expect(throws: CatalogError.self) { _ = try AppCredentials.read(from: path) }
    #expect(error == .credentials("\(path), line 2: write 'client_id = …' or 'client_secret = …'"))
    #expect(!String(describing: error).contains("xyz-secret"))
    // Lines ended as Windows ends them read the same; a mistake still names its line.
    let windows = try AppCredentials.parse("# mine\r\nclient_id = abc\r\nclient_secret = xyz\r\n", path: "-")
    #expect(windows == AppCredentials(clientID: "abc", secret: Secret("xyz")))
    #expect(throws: CatalogError.credentials("-, line 3: write 'client_id = …' or 'client_secret = …'")) {
      _ = try AppCredentials.parse("client_id = abc\r\n\r\nclient_secret\r\n", path: "-")
    }
  }

  /// The requests a night counts are those sent: a code tried in three forms and the token are four, not one.
  @Test func aLinkCheckCountsEveryRequestALookupSent() async throws {
    let service = Service { request, _ throws(CatalogError) in
      request.form != nil ? Self.token("t") : Self.spotifySearch(nil)
    }
    let release = CatalogRelease(
      id: "d1", artistName: "Nadia Reid", title: "Out of My Province", releaseDate: nil, gtin: GTIN("602475093060"))
    let artist = LibraryArtist(key: ArtistKey("Nadia Reid"), name: "Nadia Reid", albumCount: 1, trackCount: 9)
    var finding = Finding(artist: artist, release: release, kind: .album, category: .new, reason: "")
    finding.links = [ReleaseLink(catalog: "deezer", release: release)]
    let check = LinkCheck(
      catalog: "spotify", lookup: Self.spotify(service), gtinSources: [:], store: MemoryCatalogStore(), now: Date())
    let result = await check.links(for: [finding])
    #expect(result.links.isEmpty)
    #expect(result.requests == 4 && service.sent.withLock(\.count) == 4)
  }
}
