internal import Catalog
internal import DeepcutCLI
internal import Foundation
internal import Identity
internal import MusicLibrary
internal import Options
internal import Templates

/// What the fuzzer feeds: every part of deepcut that reads what somebody else wrote. A target must never crash,
/// hang or leak on any input; throwing a clear error is the right answer to garbage.
enum FuzzTarget: String, CaseIterable {
  /// A Library.xml export, through the streaming reader.
  case reader
  /// Catalog answers: iTunes search and lookup bodies, MusicBrainz search pages, and both caches.
  case catalog
  /// A Mustache template, parsed and rendered against a report-shaped value.
  case template
  /// A config.json.
  case config

  func run(_ data: Data) {
    switch self {
    case .reader: Self.read(data)
    case .catalog: Self.decode(data)
    case .template: Self.render(data)
    case .config: _ = Deepcut.configurationProblem(in: data)
    }
  }

  /// One file per process, rewritten for every input: the reader reads paths, as the command line does.
  static let libraryPath = NSTemporaryDirectory() + "deepcut-fuzz-\(ProcessInfo.processInfo.processIdentifier).xml"

  private static func read(_ data: Data) {
    guard FileManager.default.createFile(atPath: libraryPath, contents: data) else { return }
    _ = try? LibraryReader.read(path: libraryPath)
  }

  private static let artist = LibraryArtist(key: ArtistKey("Slayer"), name: "Slayer", otherSpellings: ["The Slayer"])
  private static let today = CalendarDay(year: 2026, month: 11, day: 29) ?? CalendarDay(daysSinceEpoch: 0)
  private static let transport = RecordedTransport(directory: URL(fileURLWithPath: "/nonexistent"))
  private static let itunes = ITunesProvider(transport: transport, endpoint: ITunesEndpoint())
  private static let musicBrainz = MusicBrainzProvider(
    transport: transport, since: today.adding(days: -30), horizon: today.adding(days: 730))

  private static func decode(_ data: Data) {
    _ = try? ITunesProvider.candidates(in: data, for: artist)
    _ = try? ITunesProvider.releaseLists(in: data, ids: ["414425", "1"])
    _ = itunes.cachedReleases(data)
    _ = try? MusicBrainzProvider.candidates(in: data, for: artist)
    _ = try? musicBrainz.releases(in: data)
    _ = musicBrainz.cachedReleases(data)
  }

  // Built per input, not held in a global: LeakSanitizer cannot see a pointer that an enum payload keeps in spare
  // bits, so a global TemplateValue reads as a leak at exit.
  private static var context: TemplateValue {
    [
      "headline": "3 new releases <b>&</b>", "hasNew": true, "isEmpty": false,
      "new": [
        ["artist": "Slayer", "title": "Repentless", "url": "https://example.org/?a=1&b=2", "trackCount": 12],
        ["artist": "Björk", "title": "Fossora", "explicit": true, "genre": nil],
      ],
      "summary": ["artistsChecked": 7, "requests": 2], "coverage": ["complete": false, "checked": 420],
    ]
  }

  private static func render(_ data: Data) {
    guard let template = try? Template(String(decoding: data, as: UTF8.self), name: "fuzz") else { return }
    // A template may include itself: the renderer's depth and step limits must hold. A small step limit keeps
    // each input fast under the sanitizers.
    _ = try? template.render(context, partials: ["fuzz": template, "row": template], stepLimit: 100_000)
  }
}
