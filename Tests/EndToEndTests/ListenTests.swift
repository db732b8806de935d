import Catalog
import Fixtures
import Foundation
import Report
import TestSupport
import Testing

/// `--listen SERVICE`: each row's title opens where the person listens — the release's own page when a catalog that
/// opens there lists it (Apple Music through iTunes, looked up by UPC though the night searches Deezer), else a search
/// there, said to be one — and the other catalogs' pages follow it.
struct ListenTests {
  @Test func appleMusicListenersGetTheAlbumWhereITunesSellsItAndASearchThereElse() async throws {
    let setup = try await JointNightTests.setup()
    defer { try? FileManager.default.removeItem(atPath: setup.home) }
    let world = setup.world
    try await world.serve { servers in
      let result = try await JointNightTests().report(setup, servers, provider: "deezer", listen: "applemusic")
      #expect(result.status == 0, "\(result.stderr)")
      let report = try ReportModel(json: result.stdout)
      let rows = report.new + report.upcoming + report.editions + report.backfill
      #expect(rows.count > 100)
      var direct = 0
      for row in rows {
        let listen = try #require(row.listen, "\(row.title) opens nowhere")
        #expect(listen.service == "applemusic" && listen.name == "Apple Music")
        #expect(row.url == listen.url, "the title of \(row.title) opens another page")
        if let apple = row.links.first(where: { $0.catalog == "itunes" }) {
          #expect(listen.direct && listen.catalog == "itunes" && listen.url == apple.url)
          // Named as Apple Music names itself, though the night does not search iTunes.
          #expect(apple.name == "Apple Music")
          direct += 1
        } else {
          #expect(!listen.direct && listen.catalog == nil)
          #expect(listen.url.hasPrefix("https://music.apple.com/us/search?term="), "\(listen.url)")
        }
      }
      // Every release iTunes sells under the UPC Deezer gives opens directly.
      let sameUPC = rows.filter { row in
        guard let deezer = row.links.first(where: { $0.catalog == "deezer" }),
          let release = world.release(in: .deezer, id: deezer.id.rawValue)
        else { return false }
        return release.listings[.iTunes]?.gtin != nil
          && release.listings[.iTunes]?.gtin == release.listings[.deezer]?.gtin
      }.count
      #expect(sameUPC > 100 && direct >= sameUPC, "\(direct) direct of \(sameUPC) sold under the same UPC")
    }
  }

  @Test func aServiceNoCatalogOpensInGetsASearchThereSaidToBeOneAndEveryPageAfterIt() async throws {
    let state = NSTemporaryDirectory() + "deepcut-listen-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: state) }
    func run(_ format: String) async throws -> String {
      let result = try await DeepcutProcess.run([
        "report", "--library", "samples/Library.xml", "--snapshot", "samples/catalogs", "--now", "2026-11-29",
        "--format", format, "--state-dir", state, "--quiet", "--listen", "Spotify", "--dry-run",
      ])
      #expect(result.status == 0, "\(result.stderr)")
      return result.stdout
    }
    let report = try ReportModel(json: try await run("json"))
    #expect(!report.new.isEmpty)
    for row in report.new {
      let listen = try #require(row.listen)
      #expect(listen.service == "spotify" && !listen.direct && listen.catalog == nil)
      let unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
      let query = "\(row.artist) \(row.title)".addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
      #expect(listen.url == "https://open.spotify.com/search/" + query)
      #expect(row.url == listen.url)
    }
    let markdown = try await run("markdown")
    let first = try #require(report.new.first)
    let deezer = try #require(first.links.first { $0.catalog == "deezer" }?.url)
    #expect(markdown.contains("[\(first.title)](\(first.listen?.url ?? "")) (search on Spotify)"))
    #expect(markdown.contains("also on [Deezer](\(deezer))"))
    let html = try await run("html")
    #expect(html.contains("also on <a href=\"\(deezer)\""))
    // The e-mail's button to where the person listens, on every row one can listen to now (not the upcoming ones,
    // whose titles say they open a search).
    let playable = report.new.count + report.editions.count + report.backfill.count
    #expect(html.components(separatedBy: ">Search Spotify</a>").count - 1 == playable)
    #expect(html.components(separatedBy: "(search on Spotify)").count - 1 == report.upcoming.count)
    // Feeds and calendars open the same page.
    let listenURL = try #require(first.listen?.url)
    #expect(try await run("atom").contains("href=\"\(listenURL.replacingOccurrences(of: "&", with: "&amp;"))\""))
    // A calendar (upcoming releases) folds its lines at 75 octets.
    let calendar = try await run("ics").replacingOccurrences(of: "\r\n ", with: "")
    let urls = calendar.split(separator: "\r\n").filter { $0.hasPrefix("URL:") }
    #expect(!urls.isEmpty && urls.allSatisfy { $0.hasPrefix("URL:https://open.spotify.com/search/") }, "\(urls)")
  }

  @Test func aServiceThatIsNoneOfThemIsRefusedWithTheOnesThereAre() async throws {
    let result = try await DeepcutProcess.run(["report", "--listen", "napster", "--library", "samples/Library.xml"])
    #expect(result.status == 64)
    #expect(
      result.stderr.contains(
        "--listen takes applemusic, spotify, tidal, youtubemusic, amazonmusic, deezer, bandcamp or none, not 'napster'"
      ), "\(result.stderr)")
  }
}

extension ListenTests {
  /// `why` says where the album asked about opens: the release's page where a catalog of the night lists it there,
  /// else a search there, said to be one; its JSON says which.
  @Test func whySaysWhereTheAlbumOpens() async throws {
    let state = NSTemporaryDirectory() + "deepcut-listen-why-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: state) }
    let night = try await DeepcutProcess.run([
      "report", "--library", "samples/Library.xml", "--snapshot", "samples/catalogs", "--now", "2026-11-29",
      "--state-dir", state, "--quiet",
    ])
    #expect(night.status == 0, "\(night.stderr)")
    let why = ["why", "Dario & Odette", "Glasshouse", "--library", "samples/Library.xml", "--state-dir", state]
    let spotify = try await DeepcutProcess.run(why + ["--listen", "spotify"])
    #expect(spotify.status == 0, "\(spotify.stderr)")
    #expect(
      spotify.stdout.contains(
        "  opens in Spotify: https://open.spotify.com/search/Dario%20%26%20Odette%20Glasshouse (a search there)\n"))
    let deezer = try await DeepcutProcess.run(why + ["--listen", "deezer", "--json"])
    #expect(deezer.status == 0, "\(deezer.stderr)")
    // The night's catalogs explained as one.
    let explanation = try JSONDecoder().decode(Explanation.self, from: Data(deezer.stdout.utf8))
    let listen = try #require(explanation.album?.listen)
    #expect(listen.direct && listen.catalog == "deezer" && listen.url == "https://www.deezer.com/album/729806234")
  }
}

extension ListenTests {
  /// Links are asked while the passes run: with MusicBrainz held mid-pass, Apple Music's lookups of what Deezer found
  /// already go out; once MusicBrainz answers again the night ends with every link the held night would have had.
  @Test func linksAreAskedWhileASlowerPassIsStillRunning() async throws {
    let setup = try await JointNightTests.setup()
    defer { try? FileManager.default.removeItem(atPath: setup.home) }
    try await setup.world.serve { servers in
      let (itunes, musicBrainz) = (try #require(servers[.iTunes]), try #require(servers[.musicBrainz]))
      try await musicBrainz.setKnobs(FakeKnobs { $0.holdFrom = .value(3) })
      let night = Task {
        let result = try await JointNightTests().report(
          setup, servers, provider: "deezer,musicbrainz", listen: "applemusic")
        return (status: result.status, stdout: result.stdout, stderr: result.stderr)
      }
      // Bounded: the night cannot end while MusicBrainz holds its answers, so lookups here came before it did.
      var lookups = 0
      for _ in 0..<600 where lookups == 0 {
        lookups = try await itunes.requestLog().count { $0.path == "/lookup" }
        if lookups == 0 { try await Task.sleep(for: .milliseconds(200)) }
      }
      let heldLog = try await musicBrainz.requestLog().filter { $0.seq >= 3 }
      let held = heldLog.count
      // Before the first held request could time out and end MusicBrainz's pass by failing (20 s a try).
      let firstHeld = heldLog.map(\.time).min() ?? 0
      let firstLookup =
        try await itunes.requestLog().filter { $0.path == "/lookup" }.map(\.time).min() ?? .infinity
      #expect(firstLookup < firstHeld + 15, "the first lookup came \(firstLookup - firstHeld) s into the hold")
      try await musicBrainz.setKnobs(FakeKnobs { $0.holdFrom = .null })
      let result = try await night.value
      #expect(lookups > 0, "no Apple Music lookup while MusicBrainz was held")
      #expect(held > 0, "MusicBrainz was not held")
      #expect(result.status == 0, "\(result.stderr)")
      let report = try ReportModel(json: result.stdout)
      #expect((report.new + report.upcoming).contains { $0.listen?.direct == true })
    }
  }
}

extension ListenTests {
  /// Every service a person may name, on the samples: each row's title opens that service, the release itself
  /// where a catalog of the night lists it there (Deezer), else a search there in the service's own form.
  @Test(arguments: ListeningService.all)
  func eachServiceOpensItsOwnPages(service: ListeningService) async throws {
    let state = NSTemporaryDirectory() + "deepcut-listen-\(service.id)-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: state) }
    let result = try await DeepcutProcess.run([
      "report", "--library", "samples/Library.xml", "--snapshot", "samples/catalogs", "--now", "2026-11-29",
      "--format", "json", "--state-dir", state, "--quiet", "--listen", service.id, "--dry-run",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let report = try ReportModel(json: result.stdout)
    let searchPrefix = String(service.search(artist: "", title: "").prefix { $0 != "%" })
    for row in report.new + report.upcoming {
      let listen = try #require(row.listen)
      #expect(listen.service == service.id && row.url == listen.url)
      if let own = row.links.first(where: { $0.service == service.id }) {
        #expect(listen.direct && listen.url == own.url)
      } else {
        #expect(!listen.direct && listen.url.hasPrefix(searchPrefix), "\(listen.url)")
      }
    }
  }
}
