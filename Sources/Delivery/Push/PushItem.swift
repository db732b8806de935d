/// One release a push tells, as its line shows it. Kept as it is in the state while a channel has not told it.
public struct PushItem: Sendable, Codable, Hashable {
  /// The release's identity, as the ledger and the feeds keep it: a channel tells each once.
  public var id: String
  public var artist: String
  public var title: String
  /// "album", "EP", "single".
  public var kind: String
  /// When it comes out, for one announced ahead ("18 Dec 2026"); nil for one out already.
  public var upcoming: String?
  /// Where the person listens to it, or a search there.
  public var url: String?
  /// What the link opens: "Apple Music", "search on Spotify".
  public var opens: String?
  /// The cover's address, where a catalog gave one.
  public var cover: String?

  public init(
    id: String, artist: String, title: String, kind: String, upcoming: String? = nil, url: String? = nil,
    opens: String? = nil, cover: String? = nil
  ) {
    self.id = id
    self.artist = artist
    self.title = title
    self.kind = kind
    self.upcoming = upcoming
    self.url = url
    self.opens = opens
    self.cover = cover
  }

  /// "Artist — Title".
  public var heading: String { "\(artist) — \(title)" }

  /// "album", or "album, out 18 Dec 2026".
  public var detail: String { upcoming.map { "\(kind), out \($0)" } ?? kind }
}
