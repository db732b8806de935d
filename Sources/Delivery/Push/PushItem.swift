public import Identity

/// One release a push tells, as its line shows it. Kept as it is in the state while a channel has not told it.
public struct PushItem: Sendable, Codable, Hashable {
  /// The release's identity, as the ledger and the feeds keep it: a channel tells each once.
  public var id: String
  public var artist: String
  public var title: String
  /// Shown as "album", "EP" or "single".
  public var kind: ReleaseKind
  /// When it comes out, for one announced ahead ("18 Dec 2026"); nil for one out already.
  public var upcoming: String?
  /// Where the person listens to it, or a search there.
  public var url: String?
  /// What the link opens: "Apple Music", "search on Spotify".
  public var opens: String?
  /// The cover's address, where a catalog gave one.
  public var cover: String?

  public init(
    id: String, artist: String, title: String, kind: ReleaseKind, upcoming: String? = nil, url: String? = nil,
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

  /// What a channel records it told: the release's identity for one out; for one announced, the identity marked as
  /// announced, so that its release day is told too.
  public var toldID: String { upcoming == nil ? id : id + "#announced" }

  /// The records that say a channel told it already. One told out is not announced again; and before announced ones
  /// were marked, a release told when announced was recorded by its identity alone.
  public var toldIDs: [String] { upcoming == nil ? [id] : [toldID, id] }

  /// "Artist — Title".
  public var heading: String { "\(artist) — \(title)" }

  /// "album", or "EP, out 18 Dec 2026".
  public var detail: String { upcoming.map { "\(kind.label), out \($0)" } ?? kind.label }

  private enum CodingKeys: String, CodingKey {
    case id, artist, title, kind, upcoming, url, opens, cover
  }

  /// As the state keeps it: the kind as its label ("EP"), as deepcut wrote it when the kind was text, so an item
  /// waiting since then reads, and one written now reads in a deepcut of then.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let label = try container.decode(String.self, forKey: .kind)
    guard let kind = ReleaseKind(label: label) else {
      throw DecodingError.dataCorruptedError(
        forKey: .kind, in: container, debugDescription: "'\(label)' is not album, EP or single")
    }
    self.init(
      id: try container.decode(String.self, forKey: .id), artist: try container.decode(String.self, forKey: .artist),
      title: try container.decode(String.self, forKey: .title), kind: kind,
      upcoming: try container.decodeIfPresent(String.self, forKey: .upcoming),
      url: try container.decodeIfPresent(String.self, forKey: .url),
      opens: try container.decodeIfPresent(String.self, forKey: .opens),
      cover: try container.decodeIfPresent(String.self, forKey: .cover))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(artist, forKey: .artist)
    try container.encode(title, forKey: .title)
    try container.encode(kind.label, forKey: .kind)
    try container.encodeIfPresent(upcoming, forKey: .upcoming)
    try container.encodeIfPresent(url, forKey: .url)
    try container.encodeIfPresent(opens, forKey: .opens)
    try container.encodeIfPresent(cover, forKey: .cover)
  }
}
