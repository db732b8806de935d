import Catalog
import Foundation
import Identity
import MusicLibrary
import Testing

/// A catalog's link is a release's page on a service only on that service's own hosts, over https, and only when it
/// is a whole release's page; the row's title then opens it when no catalog that opens there lists the release.
struct ServicePageTests {
  @Test func eachServicesReleasePagesAreKnownByTheirHost() {
    let pages: [(String, ListeningService)] = [
      ("https://open.spotify.com/album/1eyWP34kB2qZ1CrH5LGTmp", .spotify),
      ("https://open.spotify.com/intl-de/album/1eyWP34kB2qZ1CrH5LGTmp", .spotify),
      ("https://music.apple.com/us/album/578168980", .appleMusic),
      ("https://music.apple.com/nz/album/venice/1473205356", .appleMusic),
      ("https://www.deezer.com/album/103934622", .deezer),
      ("https://deezer.com/fr/album/103934622", .deezer),
      ("https://tidal.com/browse/album/12345", .tidal),
      ("https://tidal.com/album/12345", .tidal),
      ("https://listen.tidal.com/album/12345", .tidal),
      ("https://music.youtube.com/playlist?list=OLAK5uy_abc", .youTubeMusic),
      ("https://music.youtube.com/browse/MPREb_abc", .youTubeMusic),
      ("https://music.amazon.com/albums/B0ABC", .amazonMusic),
      ("https://music.amazon.co.uk/albums/B0ABC", .amazonMusic),
      ("https://music.amazon.de/albums/B0ABC", .amazonMusic),
      ("https://bulletproofmessenger.bandcamp.com/album/round-2", .bandcamp),
      // On Bandcamp a single is a track page, and is the release.
      ("https://bulletproofmessenger.bandcamp.com/track/round-2", .bandcamp),
      ("HTTPS://OPEN.SPOTIFY.COM/album/abc", .spotify),
    ]
    for (url, service) in pages {
      #expect(ListeningService.of(url: url) == service, "\(url)")
    }
  }

  @Test func lookalikesOtherSchemesAndTrackPagesAreNoServicesReleasePage() {
    let strangers = [
      "https://evilspotify.com/album/abc",
      "https://open.spotify.com.evil.example/album/abc",
      "https://evil.example/open.spotify.com/album/abc",
      "https://open.spotify.com@evil.example/album/abc",
      "https://user:pw@open.spotify.com/album/abc",
      "https://open.spotify.com:8443/album/abc",
      "http://open.spotify.com/album/abc",
      "javascript:alert(1)//open.spotify.com/album/abc",
      "https://open.spotify.com/track/abc",
      "https://open.spotify.com/album/",
      "https://open.spotify.com/artist/abc",
      "https://spotify.link/abc",
      "https://itunes.apple.com.evil.example/us/album/1",
      "https://notmusic.apple.com/us/album/1",
      "https://music.apple.com/us/song/1",
      "https://music.apple.com/us/artist/x/1",
      "https://www.deezer.com/track/1",
      "https://deezer.com.evil.example/album/1",
      "https://tidal.com/browse/track/1",
      "https://eviltidal.com/album/1",
      "https://music.youtube.com/watch?v=abc",
      "https://www.youtube.com/playlist?list=OLAK5uy_abc",
      "https://music.amazon.com/tracks/B0ABC",
      "https://music.amazon.evil.example.com/albums/B0ABC",
      "https://www.amazon.com/dp/B0ABC",
      "https://bandcamp.com/album/x",
      "https://evilbandcamp.com/album/x",
      "https://a.b.bandcamp.com/album/x",
      "https://artist.bandcamp.com.evil.example/album/x",
      "https://artist.bandcamp.com/music",
      "not a url",
    ]
    for url in strangers {
      #expect(ListeningService.of(url: url) == nil, "\(url)")
    }
  }

  @Test func aPageANamedCatalogGaveOpensDirectlyWhenNoCatalogThatOpensThereListsTheRelease() throws {
    let pages = [
      try #require(ServicePage(url: "https://music.apple.com/nz/album/1473205356", catalog: "musicbrainz")),
      try #require(ServicePage(url: "https://music.apple.com/us/album/1473205356", catalog: "musicbrainz")),
      try #require(ServicePage(url: "https://open.spotify.com/album/abc", catalog: "musicbrainz")),
    ]
    let spotify = Listening(service: .spotify).link(artist: "A", title: "T", links: [], pages: pages)
    #expect(spotify.url == "https://open.spotify.com/album/abc" && spotify.direct && spotify.catalog == "musicbrainz")
    // The person's storefront first.
    let apple = Listening(service: .appleMusic, country: "US").link(artist: "A", title: "T", links: [], pages: pages)
    #expect(apple.url == "https://music.apple.com/us/album/1473205356" && apple.catalog == "musicbrainz")
    let french = Listening(service: .appleMusic, country: "FR").link(artist: "A", title: "T", links: [], pages: pages)
    #expect(french.url == "https://music.apple.com/nz/album/1473205356")
    // A catalog that opens there comes first.
    let itunes = Listening(service: .appleMusic).link(
      artist: "A", title: "T", links: [("itunes", "https://music.apple.com/us/album/x/2")], pages: pages)
    #expect(itunes.url == "https://music.apple.com/us/album/x/2" && itunes.catalog == "itunes")
    // No page there: a search, said to be one.
    let tidal = Listening(service: .tidal).link(artist: "A", title: "T", links: [], pages: pages)
    #expect(!tidal.direct && tidal.catalog == nil && tidal.url == "https://tidal.com/search/?q=A%20T")
  }

  @Test func aFindingWithoutPagesEncodesAsBeforeAndAnOlderEncodingDecodes() throws {
    let artist = LibraryArtist(key: ArtistKey("A"), name: "A")
    var finding = Finding(
      artist: artist, release: CatalogRelease(id: "r", artistName: "A", title: "T", releaseDate: nil), kind: .album,
      category: .new,
      reason: "because")
    let plain = try JSONEncoder().encode(finding)
    #expect(!String(decoding: plain, as: UTF8.self).contains("servicePages"))
    #expect(try JSONDecoder().decode(Finding.self, from: plain) == finding)
    finding.servicePages = [ServicePage(service: .spotify, url: "https://open.spotify.com/album/a", catalog: "mb")]
    let withPages = try JSONEncoder().encode(finding)
    #expect(try JSONDecoder().decode(Finding.self, from: withPages).servicePages == finding.servicePages)
  }
}
