import Catalog
import Fixtures
import Foundation
import Identity
import MusicLibrary
import State
import TestSupport
import Testing

/// The labelled world with the cases that make a nightly e-mail untrustworthy when they go wrong (owned singles and
/// EPs released in the last weeks, collaborations of two and three library artists, new releases with and without
/// covers), run against both providers and scored: nothing owned reported, nothing listed twice, at least 99 % of
/// the truly new found, and a cover only where one exists.
struct TrustWorldTests {
  enum Provider: String, Sendable, CaseIterable {
    case itunes, musicbrainz
  }

  @Test(arguments: [Provider.itunes, .musicbrainz], [41, 42] as [UInt64])
  func everyLineIsTrueAndListedOnce(provider: Provider, seed: UInt64) async throws {
    let world = LabelledWorld(artists: 400, seed: seed, trustCases: true)
    switch provider {
    case .itunes:
      let outcome = try await PassFixtures.pass(InProcessCatalog(world.catalog), PassFixtures.store()).run(
        world.library)
      let listed = try Self.score(world, outcome, groupsEditions: false) { String($0) }
      // iTunes lists carry their covers, at a size sharp at 64 px on a 2x screen.
      #expect(listed.allSatisfy { $0.release.artworkURL?.hasSuffix("/200x200bb.jpg") == true })
    case .musicbrainz:
      try await FakeCatalogServer.with(.musicbrainz, world: FakeWorld(building: MusicBrainzWorld.from(world))) {
        server in
        let provider = MusicBrainzProviderTests.provider(server)
        let store = try StateStore(directory: NSTemporaryDirectory() + "deepcut-trust-" + UUID().uuidString)
        let outcome = try await CatalogPass(
          provider: provider, store: store, options: CatalogPassOptions(), now: PassFixtures.now
        ).run(world.library)
        let listed = try Self.score(world, outcome, groupsEditions: true) { MusicBrainzWorld.id($0, 1) }
        try await Self.checkCovers(listed, world, provider: provider, store: store, server: server)
      }
    }
  }

  /// Scores the findings the report would make of `outcome`, and returns those it lists.
  static func score(
    _ world: LabelledWorld, _ outcome: CatalogOutcome, groupsEditions: Bool, id: (Int) -> String
  ) throws -> [Finding] {
    #expect(outcome.coverage.complete)
    var options = FinderOptions(today: LabelledWorld.today, days: 30)
    options.catalogGroupsEditions = groupsEditions
    let finder = ReleaseFinder(options: options)
    let findings = finder.findings(finder.verdicts(outcome.followed, owned: world.library.albumsByArtist()))
    let listed = findings.filter(\.category.isListed)

    let inCatalog = Set(world.catalog.flatMap { $0.albums.map(\.id) })
    var labels: [String: LabelledWorld.Label] = [:]
    var credits: [String: [ArtistKey]] = [:]
    for (key, label) in world.labels {
      guard let number = Int(key), inCatalog.contains(number) else { continue }
      labels[id(number)] = label
      credits[id(number)] = world.credits[key]
    }
    // Once: no release in two rows.
    let ids = listed.map(\.release.id)
    #expect(
      Set(ids).count == ids.count, "listed twice: \(Dictionary(grouping: ids) { $0 }.filter { $1.count > 1 }.keys)")
    // True: nothing owned (a single, an EP, a collaboration owned under one of its artists) is news.
    let wrong = listed.filter { finding in
      switch finding.category {
      case .new, .upcoming:
        labels[finding.release.id.rawValue] != .new && labels[finding.release.id.rawValue] != .upcoming
      case .edition: labels[finding.release.id.rawValue] != .edition
      case .backfill, .owned, .older: true
      }
    }
    #expect(wrong.isEmpty, "wrongly listed: \(wrong.map { ($0.release.title, labels[$0.release.id.rawValue]) })")
    let truth = Set(labels.filter { $0.value == .new || $0.value == .upcoming }.keys)
    let found = Set(listed.filter { $0.category == .new || $0.category == .upcoming }.map(\.release.id.rawValue))
    #expect(truth.count > 200)
    #expect(
      Double(found.intersection(truth).count) / Double(truth.count) >= 0.99,
      "found \(found.intersection(truth).count) of \(truth.count)")
    // The owned singles and collaborations are there to be judged: the world is not trivially passed.
    #expect(labels.values.count { $0 == .owned } > 150)
    let collaborations = listed.filter { credits[$0.release.id.rawValue] != nil }
    #expect(collaborations.count >= 20)
    for finding in collaborations {
      let keys = try #require(credits[finding.release.id.rawValue])
      #expect(Set(finding.owners.map(\.key)) == Set(keys))
      #expect(finding.owners.allSatisfy { finding.reason.contains($0.name) }, "\(finding.reason)")
      #expect(finding.owners.count == keys.count)
    }
    #expect(collaborations.contains { $0.owners.count == 3 })
    return listed
  }

  /// Covers come from the Cover Art Archive only for what is listed, only where one exists, each address an image
  /// that answers; the same night again asks nothing.
  static func checkCovers(
    _ listed: [Finding], _ world: LabelledWorld, provider: MusicBrainzProvider, store: StateStore,
    server: FakeCatalogServer
  ) async throws {
    let source = try #require(provider.covers)
    try await server.clearLog()
    let check = CoverCheck(source: source, provider: provider.name, store: store, now: PassFixtures.now)
    let result = try await check.covers(of: listed.map(\.release.id))
    #expect(result.requests == listed.count)
    #expect(try await server.requestCount == listed.count)
    var withCover: Set<String> = []
    for artist in world.catalog {
      for album in artist.albums where album.cover { withCover.insert(MusicBrainzWorld.id(album.id, 1)) }
    }
    for finding in listed {
      #expect((result.covers[finding.release.id] != nil) == withCover.contains(finding.release.id.rawValue))
    }
    #expect(result.covers.count > 20 && result.covers.count < listed.count)
    // Each address is an image that is there: fetched over the same client, it answers with the image.
    for url in result.covers.values {
      let image = try await provider.coverTransport.get(try #require(URL(string: url)))
      #expect(image.first == 0xFF, "\(url)")
    }
    let again = try await check.covers(of: listed.map(\.release.id))
    #expect(again.requests == 0)
    #expect(again.covers == result.covers)
  }
}
