import Foundation
import Identity
import Testing

@testable import Catalog

/// MusicBrainz's URL relationships as recorded (../shared/fixtures/musicbrainz-urls, when it is beside this
/// checkout) and as the browse of a release group's releases sends them: the live streaming and purchase pages of
/// the services people listen on, each once.
struct MusicBrainzURLRelsTests {
  static let fixtures: URL? = {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
      url.deleteLastPathComponent()
      let folder = url.appendingPathComponent("shared/fixtures/musicbrainz-urls")
      if FileManager.default.fileExists(atPath: folder.path) { return folder }
    }
    return nil
  }()

  static func fixture(_ name: String) throws -> Data {
    try Data(contentsOf: try #require(fixtures).appendingPathComponent(name))
  }

  static func urls(_ body: Data) throws -> [String] {
    try MusicBrainzURLRels.pages(in: body).map(\.url)
  }

  @Test func theBrowseURLAsksForEveryReleaseOfTheGroupWithItsLinks() throws {
    let endpoint = MusicBrainzEndpoint(baseURL: try #require(URL(string: "http://127.0.0.1:9/")))
    #expect(
      endpoint.releasesWithURLsURL(ofGroup: "dbf64d90-6f91-3470-aab6-fa51e5e463b4").absoluteString
        == "http://127.0.0.1:9/ws/2/release?release-group=dbf64d90-6f91-3470-aab6-fa51e5e463b4&inc=url-rels&fmt=json&limit=100"
    )
  }

  @Test func aBrowseNamesEachReleasesLivePagesOnceInAnyKeyOrderAndWithKeysMissing() throws {
    let body = Data(
      #"""
      {"release-count":3,"release-offset":0,"releases":[
      {"id":"r1","relations":[
      {"ended":false,"url":{"resource":"https://open.spotify.com/album/abc","id":"u1"},"type":"free streaming","type-id":"08445ccf-7b99-4438-9f9a-fb9ac18099ee","direction":"forward","target-type":"url"},
      {"type-id":"4a78823c-1c53-4176-a5f3-58026c76f2bc","type":"discogs","url":{"id":"u2","resource":"https://www.discogs.com/release/1"},"direction":"forward","target-type":"url","ended":false},
      {"type-id":"320adf26-96fa-4183-9045-1f5f32f833cb","url":{"resource":"https://tidal.com/browse/album/9"}}]},
      {"id":"r2","relations":[
      {"url":{"id":"u1","resource":"https://open.spotify.com/album/abc"},"type-id":"08445ccf-7b99-4438-9f9a-fb9ac18099ee","ended":false},
      {"url":{"resource":"https://open.spotify.com/track/t1"},"type-id":"08445ccf-7b99-4438-9f9a-fb9ac18099ee"},
      {"url":{"resource":"https://music.apple.com/us/album/5"},"type-id":"98e08c20-8402-4163-8970-53504bb6a1e4","ended":true,"end":null},
      {"url":{"resource":"https://www.deezer.com/album/7"},"type-id":"08445ccf-7b99-4438-9f9a-fb9ac18099ee","direction":"backward"},
      {"type-id":"08445ccf-7b99-4438-9f9a-fb9ac18099ee"}]},
      {"id":"r3"}]}
      """#.utf8)
    let pages = try MusicBrainzURLRels.pages(in: body)
    #expect(pages.map(\.url) == ["https://open.spotify.com/album/abc", "https://tidal.com/browse/album/9"])
    #expect(pages.map(\.service) == ["spotify", "tidal"])
    #expect(pages.allSatisfy { $0.catalog == "musicbrainz" })
    #expect(try MusicBrainzURLRels.pages(in: Data(#"{"releases":[],"release-count":0,"release-offset":0}"#.utf8)) == [])
    #expect(throws: CatalogError.self) { try MusicBrainzURLRels.pages(in: Data("<html>".utf8)) }
  }

  @Test(.enabled(if: fixtures != nil, "../shared/fixtures is not beside this checkout"))
  func recordedReleasesGiveSpotifyDeezerAndAppleMusicPages() throws {
    #expect(
      try Self.urls(try Self.fixture("release-83a3f2c0-inc-url-rels.json")) == [
        "https://open.spotify.com/album/1eyWP34kB2qZ1CrH5LGTmp", "https://www.deezer.com/album/6097061",
        "https://music.apple.com/us/album/578168980",
      ])
  }

  @Test(.enabled(if: fixtures != nil, "../shared/fixtures is not beside this checkout"))
  func anEndedAppleLinkIsLeftOutAndTheLiveOneOfAnotherStorefrontKept() throws {
    #expect(
      try Self.urls(try Self.fixture("release-7d0cf748-inc-url-rels.json")) == [
        "https://www.deezer.com/album/103934622", "https://music.apple.com/nz/album/1473205356",
      ])
  }

  @Test(.enabled(if: fixtures != nil, "../shared/fixtures is not beside this checkout"))
  func aBandcampTrackLinkedTwiceIsOnePage() throws {
    let pages = try MusicBrainzURLRels.pages(in: try Self.fixture("release-6393da26-inc-url-rels.json"))
    #expect(pages.map(\.url) == ["https://bulletproofmessenger.bandcamp.com/track/round-2"])
    #expect(pages.map(\.service) == ["bandcamp"])
  }

  @Test(.enabled(if: fixtures != nil, "../shared/fixtures is not beside this checkout"))
  func aReleaseGroupsOwnLinksAreNoServicesPages() throws {
    #expect(try Self.urls(try Self.fixture("release-group-dbf64d90-inc-url-rels.json")).isEmpty)
  }
}
