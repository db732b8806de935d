import Foundation
import Report
import TestSupport
import Testing

/// The sample night through the real binary in every format: the collaboration of Kilowatt Tide and Lil Vesper is
/// one row everywhere and counted once, the EP bought the week it came out is nowhere, and a MusicBrainz cover is
/// shown only where the Cover Art Archive has one.
struct TrustedLinesTests {
  static func report(_ provider: String, _ format: String, _ extra: [String] = []) async throws -> String {
    let state = NSTemporaryDirectory() + "deepcut-trusted-" + UUID().uuidString
    let snapshot = provider == "itunes" ? "samples/catalogs/itunes" : "samples/catalogs/musicbrainz"
    let result = try await DeepcutProcess.run(
      [
        "report", "--library", "samples/Library.xml", "--provider", provider, "--snapshot", snapshot, "--now",
        "2026-11-29", "--state-dir", state, "--quiet", "--format", format,
      ] + extra)
    #expect(result.status == 0, "\(result.stderr)")
    return result.stdout
  }

  static func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

  @Test(arguments: ["itunes", "musicbrainz"])
  func aCollaborationIsOneRowInEveryFormat(provider: String) async throws {
    let markdown = try await Self.report(provider, "markdown")
    #expect(Self.count("[Night Drive]", in: markdown) == 1)
    #expect(markdown.contains("_you own 1 album by Kilowatt Tide and 1 by Lil Vesper_"))
    // iTunes alone cannot tell the sample's untitled live album and its reissue from new music; MusicBrainz types them.
    let newCount = provider == "itunes" ? 9 : 7
    #expect(markdown.hasPrefix("# \(newCount) new releases"))
    #expect(!markdown.contains("Sonic Engines"))  // the EP bought the week it came out

    let html = try await Self.report(provider, "html")
    #expect(Self.count(">Night Drive</a>", in: html) == 1)

    let report = try await ReportModel(json: Self.report(provider, "json"))
    let new = report.new
    #expect(new.count { $0.title == "Night Drive" } == 1)
    #expect(report.newCount == new.count)
    #expect(report.newByArtist.flatMap(\.releases).count == new.count)
    let ids = new.map(\.id)
    #expect(Set(ids).count == ids.count)

    // The subject, MIME-encoded: "7 new releases from artists you own — 29 Nov 2026".
    let email = try await Self.report(provider, "email", ["--to", "me@example.org"])
    let subject = email.split(separator: "\r\n").drop { !$0.hasPrefix("Subject: ") }.prefix(2)
      .map { $0.replacingOccurrences(of: "Subject: ", with: "").trimmingCharacters(in: .whitespaces) }
      .compactMap { $0.split(separator: "?").dropFirst(3).first.flatMap { Data(base64Encoded: String($0)) } }
      .map { String(decoding: $0, as: UTF8.self) }.joined()
    #expect(subject == "\(newCount) new releases from artists you own — 29 Nov 2026")

    let atom = try await Self.report(provider, "atom")
    #expect(Self.count("<title>Kilowatt Tide &amp; Lil Vesper — Night Drive</title>", in: atom) == 1)
    #expect(Self.count("<entry>", in: atom) == new.count)
    let ics = try await Self.report(provider, "ics")
    #expect(!ics.contains("Night Drive"))  // a calendar holds what is upcoming
  }

  @Test(arguments: ["itunes", "musicbrainz"])
  func sinceTheLastRunACollaborationIsToldOnce(provider: String) async throws {
    let state = NSTemporaryDirectory() + "deepcut-told-once-" + UUID().uuidString
    let snapshot = provider == "itunes" ? "samples/catalogs/itunes" : "samples/catalogs/musicbrainz"
    func night(_ now: String) async throws -> String {
      let result = try await DeepcutProcess.run([
        "report", "--library", "samples/Library.xml", "--provider", provider, "--snapshot", snapshot, "--now", now,
        "--state-dir", state, "--quiet", "--since-last-run",
      ])
      #expect(result.status == 0, "\(result.stderr)")
      return result.stdout
    }
    let first = try await night("2026-11-29")
    #expect(Self.count("[Night Drive]", in: first) == 1)
    // Later that night (the same window, so the same recorded answers): told already, under either artist.
    let later = try await night("2026-11-29T23:00:00Z")
    #expect(Self.count("Night Drive", in: later) == 0)
  }

  @Test func aMusicBrainzCoverIsShownOnlyWhereTheArchiveHasOne() async throws {
    let withCovers = ["Static Bloom", "Glasshouse", "Night Drive"]
    let report = try await Self.report("musicbrainz", "json")
    let model = try ReportModel(json: report)
    let listed = model.new + model.upcoming
    #expect(listed.count == 8)
    for release in listed {
      let title = release.title
      let cover = release.artworkURL
      #expect((cover != nil) == withCovers.contains(title), "\(title): \(cover ?? "no cover")")
      #expect(cover.map { $0.hasPrefix("https://coverartarchive.org/release-group/") } ?? true)
    }
    let html = try await Self.report("musicbrainz", "html")
    #expect(Self.count("<img src=", in: html) == withCovers.count)
    // The new rows without a cover keep their place with a plain block.
    #expect(
      Self.count(#"<div style="width:64px;height:64px;background:#d8d8de;border-radius:4px;"></div>"#, in: html) == 4)
    let email = try await Self.report("musicbrainz", "email", ["--to", "me@example.org"])
    #expect(!email.contains("coverartarchive.org/release-group/384f6e84"))  // Harbour Lights has none
  }

  @Test func iTunesCoversAreSharpOnA2xScreen() async throws {
    let report = try await Self.report("itunes", "json")
    let covers = try ReportModel(json: report).new.compactMap(\.artworkURL)
    #expect(covers.count == 9)
    #expect(covers.allSatisfy { $0.hasSuffix("/200x200bb.jpg") })
  }
}
