import Fixtures
import Foundation
import MusicLibrary
import TestSupport
import Testing

/// The first night of the 1,610-artist library against MusicBrainz, through the real binary: an e-mail that
/// arrives whole, delivered to a real SMTP server with the whole report attached, the full report beside it, the
/// feed and the calendar from the same answers, and a second run that goes on where the e-mail stopped.
struct LongNightTests {
  /// The body's text and HTML, decoded, and the attached file when there is one.
  static func parts(of message: String) throws -> (text: String, html: String, file: MIMEPart?) {
    let root = try MIMEPart(parsing: message)
    let body = try root.leaves.filter { $0.disposition != "attachment" }.map { try $0.text() }
    return (body.first ?? "", body.last ?? "", root.leaves.first { $0.disposition == "attachment" })
  }

  /// The numbers of the "New Light N" releases the world gives every third artist, in the order a part lists them,
  /// each once.
  static func newReleases(in text: String) throws -> [Int] {
    var seen: Set<Int> = []
    return try Regex(#"New Light (\d+)"#).matchesOrEmpty(in: text).filter { seen.insert($0).inserted }
  }

  @Test func aLongFirstNightArrivesWholeMostPlayedFirstAndTheRestFollows() async throws {
    let home = NSTemporaryDirectory() + "deepcut-long-night-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: home + "/feeds", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: home) }
    let libraryPath = home + "/Library.xml"
    let library = try await onAThreadOfItsOwn {
      _ = try SyntheticLibrary.write(GeneratorOptions(), to: libraryPath)
      return try LibraryReader.read(path: libraryPath).library
    }
    // 1,610 names, a few of which are spellings of the same artist.
    #expect(library.artists.count > 1_600)
    let expected = (0..<library.artists.count).count { $0 % 3 == 0 }

    // The first night's e-mail goes to a mail server on this machine, in the clear as a local relay is spoken to.
    try await FakeMailServer.with { mail in
      try Data(#"{"email": {"smtp": {"url": "\#(mail.url())", "allowInsecure": true}}}"#.utf8)
        .write(to: URL(fileURLWithPath: home + "/config.json"))
      try await Self.nights(home: home, libraryPath: libraryPath, library: library, expected: expected, mail: mail)
    }
  }

  static func nights(
    home: String, libraryPath: String, library: OwnedLibrary, expected: Int, mail: FakeMailServer
  ) async throws {
    try await FakeCatalogServer.with(.musicbrainz, world: LibraryWorlds.musicBrainz(for: library)) { server in
      func night(_ now: String, _ name: String, send: Bool = false) async throws -> (
        result: DeepcutProcess.Result, text: String, html: String, file: MIMEPart?
      ) {
        let result = try await DeepcutProcess.run(
          [
            "report", "--library", libraryPath, "--provider", "musicbrainz", "--contact", "tests@example.org",
            "--base-url", server.baseURL.absoluteString, "--cover-art-url", server.baseURL.absoluteString,
            "--rate-limit", "0", "--state-dir", home + "/state", "--config", home + "/config.json",
            "--now", now, "--since-last-run", "--format", "email", "--to", "ana@example.org",
            "--output", home + "/\(name).eml", "--full-report", home + "/\(name).html", "--feeds", home + "/feeds",
          ] + (send ? ["--send"] : []))
        let parts = try Self.parts(of: try String(contentsOfFile: home + "/\(name).eml", encoding: .utf8))
        return (result, parts.text, parts.html, parts.file)
      }

      let first = try await night("2026-11-29T20:00:00Z", "first", send: true)
      #expect(first.result.status == 0, "\(first.result.stderr)")
      // Both parts under 100 KB: what Gmail shows without "[Message clipped]".
      #expect(first.text.utf8.count <= 100_000 && first.html.utf8.count <= 100_000)
      let whole = try String(contentsOfFile: home + "/first.html", encoding: .utf8)
      try Self.expectDelivered(try #require(try mail.delivered().first), home: home, night: "first")
      #expect(first.result.stderr.contains("e-mailed through \(mail.url()) (250 2.0.0 accepted) to ana@example.org"))
      let everyNew = try Self.newReleases(in: whole)
      #expect(everyNew.count == expected)
      #expect(whole.utf8.count > 300_000)
      // The most played artists' releases (the world numbers them in listening order), and one line with how many
      // more and where.
      let told = try Self.newReleases(in: first.text)
      #expect(told.count > 20 && told.count < everyNew.count)
      #expect(try Self.newReleases(in: first.html).sorted() == told.sorted())
      #expect(told.sorted() == everyNew.sorted().prefix(told.count).map { $0 })
      let more = everyNew.count - told.count
      for part in [first.text, first.html] {
        #expect(part.contains("\(more) more releases"))
        #expect(part.contains("in the attached full report, deepcut-2026-11-29.html."))
      }
      #expect(first.result.stderr.contains("the e-mail lists \(told.count) of \(everyNew.count) releases"))
      #expect(
        first.result.stderr.contains(
          "the rest are in the attached deepcut-2026-11-29.html, and come in the next e-mails"))

      // The feed and the calendar came from the same answers: every new release, nothing asked twice.
      let atom = try String(contentsOfFile: home + "/feeds/deepcut.atom", encoding: .utf8)
      #expect(atom.components(separatedBy: "<entry>").count - 1 == everyNew.count)
      let ics = try String(contentsOfFile: home + "/feeds/deepcut.ics", encoding: .utf8)
      #expect(ics.hasPrefix("BEGIN:VCALENDAR\r\n") && ics.hasSuffix("END:VCALENDAR\r\n"))
      // The catalog in under 300 requests, and the Cover Art Archive asked once about each release listed.
      let log = try await server.requestLog()
      let distinct = Set(
        log.map {
          $0.path + "?" + $0.query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
        })
      let covers = log.count { $0.path.hasPrefix("/release-group/") }
      #expect(distinct.count == log.count && log.count - covers <= 300)
      #expect(covers == everyNew.count)

      // Later the same night: no request, the next most played artists, nothing told twice; the feed, a rolling
      // window, still holds every release.
      try await server.clearLog()
      let second = try await night("2026-11-29T21:00:00Z", "second")
      #expect(second.result.status == 0)
      #expect(try await server.requestCount == 0)
      #expect(try second.file?.text() == String(contentsOfFile: home + "/second.html", encoding: .utf8))
      #expect(try mail.delivered().count == 1)
      let toldAgain = try Self.newReleases(in: second.text)
      #expect(!toldAgain.isEmpty && Set(toldAgain).isDisjoint(with: told))
      #expect(second.text.contains("\(more - toldAgain.count) more releases"))
      #expect((toldAgain.min() ?? 0) > (told.max() ?? 0))
      let atomAgain = try String(contentsOfFile: home + "/feeds/deepcut.atom", encoding: .utf8)
      #expect(atomAgain.components(separatedBy: "<entry>").count - 1 == everyNew.count)
    }
  }
}

extension LongNightTests {
  /// The message the mail server accepted is the one written, a multipart/mixed whose attachment is the whole report
  /// `--full-report` wrote, and it names no path of that report.
  static func expectDelivered(_ delivered: FakeMailServer.Delivered, home: String, night: String) throws {
    #expect(delivered.message == (try Data(contentsOf: URL(fileURLWithPath: home + "/\(night).eml"))))
    let message = String(decoding: delivered.message, as: UTF8.self)
    let root = try MIMEPart(parsing: message)
    #expect(root.tree == "multipart/mixed[multipart/alternative[text/plain,text/html],text/html]")
    let attached = try #require(root.parts.last)
    #expect(attached.disposition == "attachment")
    #expect(attached.parameter("filename", of: "Content-Disposition") == "deepcut-2026-11-29.html")
    #expect(try attached.text() == String(contentsOfFile: home + "/\(night).html", encoding: .utf8))
    for part in try root.parts[0].parts.map({ try $0.text() }) + [message] {
      #expect(!part.contains(home + "/\(night).html") && !part.contains(home))
    }
  }
}

extension Regex where Output == (Substring, Substring) {
  /// The first capture of every match, as a number.
  func matchesOrEmpty(in text: String) -> [Int] {
    text.matches(of: self).compactMap { Int($0.output.1) }
  }
}
