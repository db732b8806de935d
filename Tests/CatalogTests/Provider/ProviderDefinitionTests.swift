import Foundation
import TestSupport
import Testing

@testable import Catalog

/// What every registered catalog shares: its provider is named by its definition and answers for its transport,
/// numeric ids are checked alike, and re-encoded caches are the same bytes for the same answer.
struct ProviderDefinitionTests {
  static func run(_ transport: any CatalogTransport) -> ProviderRun {
    let today = CalendarDay(daysSinceEpoch: 20_786)
    return ProviderRun(
      baseURL: URL(fileURLWithPath: "/never-used"), country: "US", today: today, since: today.adding(days: -30),
      requestsPerMinute: .infinity
    ) { _ in transport }
  }

  @Test func eachProviderIsNamedByItsDefinitionAndCountsWhatItsTransportSent() async throws {
    for definition in ProviderRegistry.standard.searchable {
      let transport = InProcessCatalog([])
      let provider = definition.provider(for: Self.run(transport))
      #expect(provider.name == definition.name)
      let executor = try #require(provider.taskExecutor)
      #expect(ObjectIdentifier(executor) == ObjectIdentifier(try #require(transport.taskExecutor)))
      _ = try await transport.get(try #require(URL(string: "https://catalog.invalid/search?term=a")))
      _ = try await transport.get(try #require(URL(string: "https://catalog.invalid/lookup?id=1")))
      #expect(await provider.counters() == TransportCounters(requests: 2), "\(definition.name)")
    }
  }

  @Test(arguments: [ITunesCatalog() as any ProviderDefinition, DeezerCatalog()])
  func numericIDsAreDigitsOnly(definition: any ProviderDefinition) {
    #expect(definition.normalizedID("414425") == "414425")
    #expect(definition.normalizedID("007") == "007")
    // Digits of other scripts are numbers to Swift, not to a catalog.
    for text in ["", "x27", "27x", "-1", " 1", "1.5", "١٢", "²"] {
      #expect(definition.normalizedID(text) == nil, "\(text)")
    }
  }

  /// Keys sorted and slashes as they are: the same answer is the same bytes, whatever order a dictionary kept.
  @Test func reEncodedCachesAreTheSameBytesForTheSameAnswer() throws {
    struct Group: Encodable {
      var title = "AC/DC Covers"
      var id = "7"
      var artist = ["name": "Ada North", "id": "1"]
    }
    let body = try #require(ReleaseList.cacheBody([Group()]))
    #expect(
      String(decoding: body, as: UTF8.self)
        == #"[{"artist":{"id":"1","name":"Ada North"},"id":"7","title":"AC/DC Covers"}]"#)
  }

  /// A catalog's own setting is read by its declaration, as its type, and is its default until a run gives it.
  @Test func aCatalogsOwnSettingIsReadAsItsTypeByItsDeclaration() throws {
    var run = Self.run(InProcessCatalog([]))
    let covers: URL = run[MusicBrainzCatalog.coverArtURL]
    #expect(covers == CoverArtArchive.production)
    let mirror = try #require(URL(string: "http://127.0.0.1:8080/covers"))
    run.settingValues[MusicBrainzCatalog.coverArtURL] = mirror
    #expect(run[MusicBrainzCatalog.coverArtURL] == mirror)
    // Its values read from one text, as the command line and config.json give them: an http(s) address only.
    #expect(URL(settingText: "https://coverartarchive.org") == CoverArtArchive.production)
    for text in ["ftp://x", "x", "https://", ""] { #expect(URL(settingText: text) == nil, "\(text)") }
    #expect(String(settingText: "") == "")
  }
}
