import Catalog
import Identity
import Testing

/// Where a row's title opens for the person: the release's own page on their service when a catalog that opens there
/// lists it, else a search there that finds it, in the words and the storefront a person would type.
struct ListeningServiceTests {
  @Test func eachServiceIsNamedAsItNamesItselfAndTakenInAnyCase() {
    #expect(
      ListeningService.all.map(\.name) == [
        "Apple Music", "Spotify", "TIDAL", "YouTube Music", "Amazon Music", "Deezer", "Bandcamp",
      ])
    #expect(ListeningService.named("Spotify") == .spotify)
    #expect(ListeningService.named("AppleMusic") == .appleMusic)
    #expect(ListeningService.named("napster") == nil)
  }

  @Test func aSearchOpensTheServicesOwnSearchForArtistAndTitle() {
    let searches = ListeningService.all.map { $0.search(artist: "Lady Gaga", title: "Mayhem") }
    #expect(
      searches == [
        "https://music.apple.com/us/search?term=Lady%20Gaga%20Mayhem",
        "https://open.spotify.com/search/Lady%20Gaga%20Mayhem",
        "https://tidal.com/search/?q=Lady%20Gaga%20Mayhem",
        "https://music.youtube.com/search?q=Lady%20Gaga%20Mayhem",
        "https://music.amazon.com/search/Lady%20Gaga%20Mayhem",
        "https://www.deezer.com/search/Lady%20Gaga%20Mayhem",
        "https://bandcamp.com/search?q=Lady%20Gaga%20Mayhem",
      ])
  }

  @Test func wordsThatWouldEndTheLinkOrThePathAreEncodedAsUTF8() {
    let search = ListeningService.spotify.search(artist: "Björk", title: "Homogenic / Live (2024) & more?")
    #expect(
      search == "https://open.spotify.com/search/Bj%C3%B6rk%20Homogenic%20%2F%20Live%20%282024%29%20%26%20more%3F")
    #expect(
      ListeningService.appleMusic.search(artist: "a", title: "b", country: "GB")
        == "https://music.apple.com/gb/search?term=a%20b")
  }

  @Test func theTitleOpensTheReleaseWhereACatalogThatOpensThereListsItElseASearch() {
    let pages: [(catalog: CatalogName, url: String)] = [
      ("deezer", "https://www.deezer.com/album/1"), ("itunes", "https://music.apple.com/us/album/x/2"),
    ]
    let apple = Listening(service: .appleMusic, country: "US").link(artist: "A", title: "T", links: pages)
    #expect(apple.url == "https://music.apple.com/us/album/x/2")
    #expect(apple.catalog == "itunes")
    let deezer = Listening(service: .deezer).link(artist: "A", title: "T", links: pages)
    #expect(deezer.url == "https://www.deezer.com/album/1")
    let spotify = Listening(service: .spotify).link(artist: "A", title: "T", links: pages)
    #expect(spotify.url == "https://open.spotify.com/search/A%20T")
    #expect(spotify.catalog == nil)
    let appleWithoutPage = Listening(service: .appleMusic, country: "FR").link(artist: "A", title: "T", links: [])
    #expect(appleWithoutPage.url == "https://music.apple.com/fr/search?term=A%20T")
  }
}
