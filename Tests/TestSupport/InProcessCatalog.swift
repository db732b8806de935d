public import Catalog
public import Foundation
public import Identity
import MusicLibrary
internal import Synchronization

/// The iTunes Search API in process: search and lookup URLs answered from a small world in the API's wire
/// format, with no socket. Its clock is virtual: each request moves it on by the spacing of the catalog's real
/// limit (3 s at 20 a minute), so a two-hour budget runs in milliseconds and tests never race the wall clock.
/// Requests run on a thread of its own, one at a time, as the HTTP client runs them on its driver's: the log has
/// them in the order the pass sent them, however the machine schedules threads.
public final class InProcessCatalog: CatalogTransport, Sendable {
  public struct Album: Sendable {
    public var id: Int
    public var title: String
    /// YYYY-MM-DD.
    public var date: String
    /// Credited artist when it is not the artist listed (a collaboration).
    public var creditedID: Int? = nil
    public var creditedName: String? = nil
    /// iTunes says a single or an EP in its title (" - Single"); MusicBrainz types the group.
    public var kind: ReleaseKind = .album
    /// Whether MusicBrainz's Cover Art Archive has a front image for it (iTunes always has one).
    public var cover = false

    /// The title as iTunes lists it.
    public var iTunesTitle: String {
      switch kind {
      case .album: title
      case .single: title + " - Single"
      case .ep: title + " - EP"
      }
    }

    public init(
      id: Int, title: String, date: String, creditedID: Int? = nil, creditedName: String? = nil,
      kind: ReleaseKind = .album, cover: Bool = false
    ) {
      self.id = id
      self.title = title
      self.date = date
      self.creditedID = creditedID
      self.creditedName = creditedName
      self.kind = kind
      self.cover = cover
    }
  }

  public struct Artist: Sendable {
    public var id: Int
    public var name: String
    public var genre = "Rock"
    public var albums: [Album] = []

    public init(id: Int, name: String, genre: String = "Rock", albums: [Album] = []) {
      self.id = id
      self.name = name
      self.genre = genre
      self.albums = albums
    }
  }

  /// One request as the pass sent it.
  public enum Request: Hashable, Sendable {
    case search(String)
    case lookup([String])
  }

  private struct State {
    var artists: [Artist] {
      didSet { index = Index(artists) }
    }
    var index: Index
    var log: [Request] = []
    var elapsed: Duration = .zero
    var fails: @Sendable (Request) -> CatalogError? = { _ in nil }
    var onRequest: @Sendable (Int) -> Void = { _ in }
  }

  /// Names folded and ids found once: doing it for every request would cost more than the pass under test.
  public struct Index: Sendable {
    public var foldedNames: [String]
    public var words: [[Substring]]
    public var positions: [String: Int]

    public init(_ artists: [Artist]) {
      foldedNames = artists.map { InProcessCatalog.fold($0.name) }
      words = foldedNames.map { $0.split(separator: " ") }
      positions = Dictionary(artists.enumerated().map { (String($1.id), $0) }, uniquingKeysWith: { first, _ in first })
    }
  }

  private let state: Mutex<State>
  public let secondsPerRequest: Double
  private let executor = OrderedExecutor()

  public init(_ artists: [Artist], secondsPerRequest: Double = 3) {
    state = Mutex(State(artists: artists, index: Index(artists)))
    self.secondsPerRequest = secondsPerRequest
  }

  /// The virtual clock, for the pass's budget.
  public var clock: PassClock { PassClock { [self] in elapsed } }

  public var elapsed: Duration { state.withLock { $0.elapsed } }

  public var log: [Request] { state.withLock { $0.log } }
  public var searches: [String] {
    log.compactMap {
      if case .search(let term) = $0 { return term }
      return nil
    }
  }
  public var lookups: [[String]] {
    log.compactMap {
      if case .lookup(let ids) = $0 { return ids }
      return nil
    }
  }

  public func clearLog() { state.withLock { $0.log = [] } }

  /// Requests for which `fails` gives an error are answered with it.
  public func failing(_ fails: @escaping @Sendable (Request) -> CatalogError?) { state.withLock { $0.fails = fails } }

  /// Told the 1-based number of each request as it arrives, before it is answered (to cancel a run mid-way).
  public func onRequest(_ hook: @escaping @Sendable (Int) -> Void) { state.withLock { $0.onRequest = hook } }

  public func setWorld(_ artists: [Artist]) { state.withLock { $0.artists = artists } }

  public func counters() async -> TransportCounters { TransportCounters(requests: log.count) }

  public var taskExecutor: (any TaskExecutor)? { executor }

  public func get(_ url: URL) async throws(CatalogError) -> Data {
    let query = Self.query(of: url)
    let request: Request =
      url.lastPathComponent == "search"
      ? .search(query["term"] ?? "") : .lookup((query["id"] ?? "").split(separator: ",").map(String.init))
    let (number, hook) = state.withLock { state in
      state.log.append(request)
      return (state.log.count, state.onRequest)
    }
    hook(number)
    // A cancelled request is let go unanswered, as the HTTP client lets it go.
    guard !Task.isCancelled else { throw .unreachable("cancelled") }
    let (artists, index, failure) = state.withLock { state in
      state.elapsed += .milliseconds(Int(secondsPerRequest * 1000))
      return (state.artists, state.index, state.fails(request))
    }
    if let failure { throw failure }
    switch request {
    case .search(let term):
      return Self.envelope(Self.rank(artists, index, term).prefix(Int(query["limit"] ?? "") ?? 50).map(Self.record))
    case .lookup(let ids):
      var records: [Record] = []
      for id in ids {
        guard let position = index.positions[id] else { continue }
        let artist = artists[position]
        records.append(Self.record(artist))
        let albums = artist.albums.sorted { $0.date > $1.date }
        records += albums.prefix(Int(query["limit"] ?? "") ?? 50).map { Self.record($0, of: artist) }
      }
      return Self.envelope(records)
    }
  }

  // MARK: - The wire format

  /// A record's members in order; a value is text or a whole number.
  public typealias Record = [(String, Any)]

  /// The body as the service lays it out: three newlines, then one record per line. Written by hand:
  /// JSONSerialization costs more than the pass under test.
  public static func envelope(_ records: [Record]) -> Data {
    var lines: [String] = []
    for record in records {
      var members: [String] = []
      for (key, value) in record {
        let encoded: String = if let number = value as? Int { String(number) } else { quoted("\(value)") }
        members.append("\"\(key)\":" + encoded)
      }
      lines.append("{" + members.joined(separator: ", ") + "}")
    }
    let text = "\n\n\n{\n \"resultCount\":\(records.count),\n \"results\": [\n" + lines.joined(separator: ", \n")
    return Data((text + "]\n}\n\n\n").utf8)
  }

  public static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      default:
        if scalar.value < 0x20 {
          result += "\\u" + String(format: "%04x", scalar.value)
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }

  public static func record(_ artist: Artist) -> Record {
    [
      ("wrapperType", "artist"), ("artistType", "Artist"), ("artistName", artist.name), ("artistId", artist.id),
      ("primaryGenreName", artist.genre), ("artistLinkUrl", "https://music.apple.com/us/artist/\(artist.id)"),
    ]
  }

  public static func record(_ album: Album, of artist: Artist) -> Record {
    [
      ("wrapperType", "collection"), ("collectionType", "Album"), ("artistId", album.creditedID ?? artist.id),
      ("collectionId", album.id), ("artistName", album.creditedName ?? artist.name),
      ("collectionName", album.iTunesTitle), ("releaseDate", album.date + "T08:00:00Z"), ("trackCount", 10),
      ("collectionExplicitness", "notExplicit"), ("collectionViewUrl", "https://music.apple.com/us/album/\(album.id)"),
      ("artworkUrl100", "https://is1-ssl.mzstatic.com/image/thumb/Music/\(album.id)/100x100bb.jpg"),
      ("primaryGenreName", artist.genre),
    ]
  }

  /// As the service ranks artists: every word of the term starts a word of the name; exact names first, then
  /// names that start with the term, then names with a word starting with it, then the rest; ties in world order.
  public static func rank(_ artists: [Artist], _ index: Index, _ term: String) -> [Artist] {
    let folded = fold(term)
    let words = folded.split(separator: " ")
    guard !words.isEmpty else { return [] }
    var scored: [(Int, Int)] = []
    for position in artists.indices {
      let nameWords = index.words[position]
      guard words.allSatisfy({ word in nameWords.contains { $0.hasPrefix(word) } }) else { continue }
      let name = index.foldedNames[position]
      let score = name == folded ? 0 : name.hasPrefix(folded) ? 1 : (" " + name).contains(" " + folded) ? 2 : 3
      scored.append((score, position))
    }
    return scored.sorted { $0 < $1 }.map { artists[$0.1] }
  }

  public static func fold(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
      .split { !$0.isLetter && !$0.isNumber }
      .joined(separator: " ")
  }

  public static func query(of url: URL) -> [String: String] {
    var result: [String: String] = [:]
    for item in URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? [] {
      result[item.name] = item.value ?? ""
    }
    return result
  }
}

/// Runs the jobs of the tasks that prefer it one at a time, in the order they came, on a thread of its own while
/// there are any. Jobs run here must not block.
final class OrderedExecutor: TaskExecutor, Sendable {
  private struct Queue {
    var jobs: [UnownedJob] = []
    var draining = false
  }

  private let queue = Mutex(Queue())

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let start = queue.withLock { queue in
      queue.jobs.append(job)
      defer { queue.draining = true }
      return !queue.draining
    }
    // One thread at a time: a new one starts only once the last has found the queue empty and said so.
    if start { Thread { self.drain() }.start() }
  }

  private func drain() {
    let executor = asUnownedTaskExecutor()
    while let job = next() { job.runSynchronously(on: executor) }
  }

  private func next() -> UnownedJob? {
    queue.withLock { queue in
      guard !queue.jobs.isEmpty else {
        queue.draining = false
        return nil
      }
      return queue.jobs.removeFirst()
    }
  }
}
