import Catalog
import Foundation
import HTTP
import Identity
import MusicLibrary
import Report
import SettingsKit
import TestSupport
import Testing

@testable import DeepcutCLI
@testable import Options

/// A catalog the command line has never heard of, defined here and nowhere else: registered beside the built-in
/// ones, it runs a whole report, resolves, pins, explains and takes its own setting through the command line
/// unchanged. What a new provider needs is its folder and a line in the registry.
struct ProviderPluginTests {
  /// A tiny catalog with its own wire format: `/artists?names=A|B` and `/releases?ids=1,2`, JSON.
  struct ToyCatalog: ProviderDefinition {
    var name: CatalogName { "toy" }
    var title: String { "the toy catalog" }
    var defaultBaseURL: URL { URL(string: "https://toy.invalid") ?? URL(fileURLWithPath: "/") }
    var defaultRequestsPerMinute: Int { 600 }
    var maximumBatchSize: Int { 10 }
    var groupsEditions: Bool { true }
    /// Its own setting, declared here and read by the provider as its type.
    static let shelf = ProviderSetting(
      key: "shelf", flag: "toy-shelf", placeholder: "NAME", help: "which shelf of the toy catalog to ask",
      default: "main", example: "attic")
    var settings: [any ProviderSettingDeclaration] { [Self.shelf] }

    func normalizedID(_ text: String) -> CatalogArtistID? { text.hasPrefix("toy-") ? CatalogArtistID(text) : nil }
    func idProblem(_ text: String) -> String { "a toy id starts with toy-; not '\(text)'" }

    func provider(for run: ProviderRun) -> any CatalogProvider {
      ToyProvider(transport: ToyTransport(shelf: run[Self.shelf]), pace: run.requestsPerMinute)
    }
  }

  struct ToyProvider: CatalogProvider {
    let transport: ToyTransport
    let pace: Double

    var name: CatalogName { "toy" }
    var limits: ProviderLimits {
      ProviderLimits(requestsPerMinute: pace, artistsPerSearch: 10, artistsPerReleaseRequest: 10)
    }
    var taskExecutor: (any TaskExecutor)? { nil }
    var proof: ProofSource { .releaseLists }
    func counters() async -> TransportCounters { await transport.counters() }

    func search(_ artists: [LibraryArtist]) async throws(CatalogError) -> [ArtistCandidates] {
      let names = artists.map(\.name).joined(separator: "|")
      let found = try decode([Toy.Artist].self, try await transport.get(url("artists?names=\(names)")))
      return artists.map { artist in
        ArtistCandidates(exact: found.filter { ArtistKey($0.name) == artist.key }.map(\.catalogArtist))
      }
    }

    func releases(of ids: [CatalogArtistID]) async throws(CatalogError) -> [CatalogArtistID: ReleaseList] {
      let asked = ids.map(\.rawValue).joined(separator: ",")
      let lists = try decode([String: [Toy.Release]].self, try await transport.get(url("releases?ids=\(asked)")))
      var result: [CatalogArtistID: ReleaseList] = [:]
      for id in ids {
        let releases = lists[id.rawValue] ?? []
        result[id] = ReleaseList(
          releases: releases.map(\.catalogRelease), body: (try? JSONEncoder().encode(releases)) ?? Data())
      }
      return result
    }

    func cacheEntry(for id: CatalogArtistID) -> (kind: String, key: String) { ("toy-releases", id.rawValue) }

    func cachedReleases(_ body: Data) -> [CatalogRelease]? {
      (try? JSONDecoder().decode([Toy.Release].self, from: body)).map { $0.map(\.catalogRelease) }
    }

    private func url(_ path: String) -> URL {
      URL(string: "https://toy.invalid/" + (path.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? ""))
        ?? URL(fileURLWithPath: "/")
    }

    private func decode<T: Decodable>(_ type: T.Type, _ body: Data) throws(CatalogError) -> T {
      do {
        return try JSONDecoder().decode(type, from: body)
      } catch {
        throw .undecodable("the toy catalog sent something else")
      }
    }
  }

  enum Toy {
    struct Artist: Codable {
      var id: String
      var name: String
      var catalogArtist: CatalogArtist { CatalogArtist(id: CatalogArtistID(id), name: name) }
    }

    struct Release: Codable {
      var id: String
      var title: String
      var date: String
      var catalogRelease: CatalogRelease {
        CatalogRelease(
          id: CatalogReleaseID(id), artistName: "", title: title, releaseDate: CalendarDay(iso8601: date),
          url: "https://toy.invalid/\(id)")
      }
    }
  }

  /// The toy catalog's service, in process: Slayer on the main shelf with one new album; Portishead on none.
  actor ToyTransport: CatalogTransport {
    let shelf: String
    private(set) var requests: [String] = []

    init(shelf: String) { self.shelf = shelf }

    func counters() -> TransportCounters { TransportCounters(requests: requests.count) }

    func get(_ url: URL) async throws(CatalogError) -> Data {
      requests.append(url.absoluteString)
      let artists = shelf == "main" ? [Toy.Artist(id: "toy-1", name: "Slayer")] : []
      let releases: [String: [Toy.Release]] = [
        "toy-1": [
          Toy.Release(id: "r1", title: "Reign in Blood", date: "1986-10-07"),
          Toy.Release(id: "r2", title: "Toy Thunder", date: "2026-11-21"),
        ]
      ]
      let encoder = JSONEncoder()
      do {
        return url.path.hasSuffix("/artists") ? try encoder.encode(artists) : try encoder.encode(releases)
      } catch {
        throw .undecodable("\(error)")
      }
    }
  }

  static let registry = ProviderRegistry(ProviderRegistry.standard.providers + [ToyCatalog()])

  static func home() throws -> String {
    let home = NSTemporaryDirectory() + "deepcut-toy-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    try Data(ReportCommandTests.library.utf8).write(to: URL(fileURLWithPath: home + "/Library.xml"))
    return home
  }

  @Test func aProviderFromElsewhereRunsAWholeReportThroughTheCommandLine() async throws {
    let home = try Self.home()
    let status = await Deepcut.run(
      arguments: [
        "report", "--provider", "toy", "--library", home + "/Library.xml", "--state-dir", home + "/state",
        "--format", "json", "--output", home + "/report.json", "--now", "2026-11-29", "--quiet",
      ], registry: Self.registry)
    #expect(status == .success)
    let json = try ReportModel(jsonFile: home + "/report.json")
    #expect(json.new.map(\.title) == ["Toy Thunder"])
    #expect(json.new.first?.url == "https://toy.invalid/r2")
    #expect(Set(json.needsAttention.map(\.artist)) == ["Portishead", "Nobody Knows"])

    // Its own setting reaches it: on another shelf it knows no one.
    let elsewhere = await Deepcut.run(
      arguments: [
        "report", "--provider", "toy", "--toy-shelf", "attic", "--library", home + "/Library.xml", "--state-dir",
        home + "/state-attic", "--format", "json", "--output", home + "/attic.json", "--now", "2026-11-29", "--quiet",
      ], registry: Self.registry)
    #expect(elsewhere == .success)
    let attic = try String(contentsOfFile: home + "/attic.json", encoding: .utf8)
    #expect(!attic.contains("Toy Thunder"))

    // From config.json (under provider) as from the flag, and the flag wins.
    try Data(#"{"provider": {"name": "toy", "shelf": "attic"}}"#.utf8)
      .write(to: URL(fileURLWithPath: home + "/config.json"))
    for (shelf, found) in [([String](), false), (["--toy-shelf", "main"], true)] {
      let status = await Deepcut.run(
        arguments: [
          "report", "--config", home + "/config.json", "--library", home + "/Library.xml", "--state-dir",
          home + "/state-\(found)", "--format", "json", "--output", home + "/config-\(found).json", "--now",
          "2026-11-29", "--quiet",
        ] + shelf, registry: Self.registry)
      #expect(status == .success)
      let report = try String(contentsOfFile: home + "/config-\(found).json", encoding: .utf8)
      #expect(report.contains("Toy Thunder") == found, "\(shelf)")
    }
  }

  @Test func itsIdsPinsAndExplanationsGoThroughTheSameCommands() async throws {
    let home = try Self.home()
    let common = ["--provider", "toy", "--state-dir", home + "/state"]
    #expect(
      await Deepcut.run(
        arguments: [
          "report", "--library", home + "/Library.xml", "--now", "2026-11-29", "--quiet", "--output",
          home + "/r.md",
        ] + common, registry: Self.registry) == .success)
    #expect(
      await Deepcut.run(arguments: ["artists", "pin", "Portishead", "2000"] + common, registry: Self.registry)
        == .usage)
    #expect(
      await Deepcut.run(arguments: ["artists", "pin", "Portishead", "toy-9"] + common, registry: Self.registry)
        == .success)
    #expect(
      await Deepcut.run(
        arguments: ["why", "Slayer", "Toy Thunder", "--json", "--library", home + "/Library.xml"] + common,
        registry: Self.registry) == .success)
    try Data(#"{"provider": {"name": "toy", "shelf": "attic"}}"#.utf8)
      .write(to: URL(fileURLWithPath: home + "/config.json"))
    #expect(
      await Deepcut.run(arguments: ["config", "--check", "--config", home + "/config.json"], registry: Self.registry)
        == .success)
    // The built-in registry knows no toy.
    #expect(await Deepcut.run(arguments: ["config", "--check", "--config", home + "/config.json"]) == .config)
  }

  @Test func helpAndTheExampleSpeakOfItFromItsOwnDeclaration() {
    let help = Deepcut.interface(Self.registry).help(ReportCommand.spec)
    let others = ProviderRegistry.standard.searchable.dropFirst().map(\.name.rawValue).joined(separator: ", ")
    #expect(help.contains("in the order of their links: itunes, \(others) or toy (default itunes)"), "\(help)")
    #expect(
      Deepcut.interface(Self.registry).help(ArtistsCommand.spec).contains(
        "the catalog: itunes, \(others) or toy; needed when"))
    #expect(help.contains("--toy-shelf NAME"))
    #expect(help.contains("toy: which shelf of the toy catalog to ask (default main)\n"))
    #expect(help.contains("600 for toy"))
    let example = ConfigExample.text(header: Deepcut.exampleHeader, Deepcut.interface(Self.registry))
    #expect(example.contains("// the toy catalog: which shelf of the toy catalog to ask (default main)."))
    #expect(example.contains(#"// "shelf": "attic""#))
  }
}
