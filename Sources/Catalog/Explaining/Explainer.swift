public import Foundation
public import Identity
public import MusicLibrary

/// Answers "why is this (not) in my report?" for one library artist from what deepcut already holds: the
/// library, the resolutions and release lists in the state, and the record of what was told. It asks no catalog.
public struct Explainer: Sendable {
  public var provider: CatalogName
  /// The report's rules, as the report applies them.
  public var options: FinderOptions
  public var recheckResolvedAfterDays: Int
  public var recheckUnresolvedAfterDays: Int
  /// The provider's release lists hold only a window of recent releases (MusicBrainz's), not a whole catalog.
  public var listsAreWindows: Bool
  /// The command that pins an artist, up to its arguments: `deepcut artists pin --provider musicbrainz`.
  public var pinCommand: String
  /// Whose days "told on" is said in.
  public var timeZone: TimeZone = .current
  /// Where the person listens: the album asked about opens there.
  public var listening: Listening?
  /// The releases' pages on services people listen on, as kept from a night that asked (MusicBrainz's url-rels).
  public var servicePages: [CatalogReleaseID: [ServicePage]] = [:]
  /// The records a catalog that types every release files the releases under, by their barcodes, as kept from a
  /// night that asked.
  public var barcodeListings: [ReleaseReference: ReleaseLink] = [:]

  /// What the library and the state hold about the artist.
  public struct Facts: Sendable {
    /// Everything the export holds, most played first.
    public var library: OwnedLibrary
    public var artist: LibraryArtist
    /// Why deepcut does not look the artist up, when it does not.
    public var notLookedUpBecause: String?
    public var resolution: ArtistResolution?
    /// What the catalog's kept answers say about the artists deepcut looks up (an offline pass).
    public var outcome: CatalogOutcome
    public var seen: [LedgerKey: SeenRelease]
    /// When the artist's release lists were last fetched.
    public var listsFetched: Date?

    public init(
      library: OwnedLibrary, artist: LibraryArtist, notLookedUpBecause: String?, resolution: ArtistResolution?,
      outcome: CatalogOutcome, seen: [LedgerKey: SeenRelease], listsFetched: Date?
    ) {
      self.library = library
      self.artist = artist
      self.notLookedUpBecause = notLookedUpBecause
      self.resolution = resolution
      self.outcome = outcome
      self.seen = seen
      self.listsFetched = listsFetched
    }
  }

  public init(
    provider: CatalogName, options: FinderOptions, recheckResolvedAfterDays: Int, recheckUnresolvedAfterDays: Int,
    listsAreWindows: Bool, pinCommand: String
  ) {
    self.provider = provider
    self.options = options
    self.recheckResolvedAfterDays = recheckResolvedAfterDays
    self.recheckUnresolvedAfterDays = recheckUnresolvedAfterDays
    self.listsAreWindows = listsAreWindows
    self.pinCommand = pinCommand
  }

  public func explain(_ facts: Facts, album: String? = nil) -> Explanation {
    let releases = self.releases(facts)
    var explanation = Explanation(
      date: options.today.description, since: options.since.description, provider: provider,
      library: librarySide(facts), catalog: catalogSide(facts), releases: releases,
      releasesSince: listsAreWindows ? options.since.description : nil, album: nil)
    if let album { explanation.album = self.album(album, releases, facts) }
    return explanation
  }

  // MARK: - The library

  func librarySide(_ facts: Facts) -> Explanation.LibrarySide {
    let artist = facts.artist
    let owned = facts.library.albumsByArtist()[artist.key] ?? []
    let rank = (facts.library.artists.firstIndex { $0.key == artist.key } ?? facts.library.artists.count) + 1
    return Explanation.LibrarySide(
      name: artist.name, key: artist.key.rawValue, spellings: [artist.name] + artist.otherSpellings,
      albums: owned.map {
        Explanation.OwnedAlbum(
          title: $0.title, key: $0.key.description, kind: $0.key.kind.rawValue, year: $0.year,
          tracks: $0.trackCount, plays: $0.playCount)
      },
      tracks: artist.trackCount, plays: artist.playCount, rank: rank, artists: facts.library.artists.count,
      lookedUp: facts.notLookedUpBecause == nil, notLookedUpBecause: facts.notLookedUpBecause)
  }

  // MARK: - The catalog

  func catalogSide(_ facts: Facts) -> Explanation.CatalogSide {
    var side = Explanation.CatalogSide(
      status: "notYetChecked", how: nil, artists: [], candidates: [], lastSearched: nil, nextCheck: nil,
      listsFetched: facts.listsFetched.map { day(of: $0).description }, pinCommand: nil, sentence: "")
    if let reason = facts.notLookedUpBecause {
      side.status = "notLookedUp"
      side.sentence = "deepcut does not look \(facts.artist.name) up: \(reason)."
      return side
    }
    guard let resolution = facts.resolution else {
      side.sentence =
        "not checked yet: no run has reached \(facts.artist.name) (a budget or a signal stopped the last one "
        + "first); the next run continues where it stopped."
      return side
    }
    side.status = resolution.status.rawValue
    side.lastSearched = day(of: resolution.checkedAt).description
    side.nextCheck = nextCheck(resolution)?.description
    let candidates = CatalogPass.decodeResolutionCandidates(resolution.candidates)
    side.candidates = candidates.map(Self.fact)
    side.artists = resolution.matches.map { match in
      candidates.first { $0.artist.id == match.id }.map(Self.fact)
        ?? Explanation.CatalogArtistFact(id: match.id, name: match.name ?? facts.artist.name)
    }
    side.sentence = sentence(for: resolution, side, facts.artist)
    if resolution.status == .resolved || resolution.status == .pinned, facts.listsFetched == nil {
      side.sentence +=
        " Its releases are not fetched yet: a budget or a signal stopped the last run first; the next run fetches them."
    }
    if resolution.status == .ambiguous || resolution.status == .unresolved {
      let id = candidates.first?.artist.id ?? "ID"
      side.pinCommand = "\(pinCommand) \"\(facts.artist.name)\" \(id)"
    }
    if resolution.status == .resolved || resolution.status == .pinned {
      side.how = resolution.status == .pinned ? "pin" : candidates.isEmpty ? "search" : "ownedTitles"
    }
    return side
  }

  private func sentence(
    for resolution: ArtistResolution, _ side: Explanation.CatalogSide, _ artist: LibraryArtist
  ) -> String {
    let followed = side.artists.map { "\($0.name) (\($0.id))" }.joined(separator: " and ")
    let searched = side.lastSearched.flatMap { CalendarDay(iso8601: $0) }?.label ?? "?"
    let again = side.nextCheck.flatMap { CalendarDay(iso8601: $0) }.map { ", searched again on \($0.label)" } ?? ""
    switch resolution.status {
    case .pinned:
      return
        "pinned by you to \(followed); never searched again (undo with 'deepcut artists unpin \"\(artist.name)\"')."
    case .resolved where side.candidates.isEmpty:
      return
        "resolved to \(followed) by search: the only catalog artist of that name; last searched \(searched)\(again)."
    case .resolved:
      let proofs = side.artists.map { fact in
        "\(fact.name) (\(fact.id)) lists your " + (fact.ownedTitles ?? []).map { "“\($0)”" }.joined(separator: ", ")
      }
      return "resolved among \(side.candidates.count) catalog artists of that name by the albums you own: "
        + proofs.joined(separator: "; ") + "; last searched \(searched)\(again)."
    case .ambiguous:
      return "ambiguous: \(side.candidates.count) catalog artists share the name and the albums you own do not tell "
        + "them apart, so none is followed; pin the right one (last searched \(searched)\(again))."
    case .unresolved:
      return "not found in the catalog under this name (last searched \(searched)\(again)); if it is there under "
        + "another, pin it by its catalog id."
    case .pending:
      return "searched on \(searched): \(side.candidates.count) catalog artists share the name; the next run compares "
        + "their albums with yours and follows the right ones."
    }
  }

  func nextCheck(_ resolution: ArtistResolution) -> CalendarDay? {
    let days: Int
    switch resolution.status {
    case .pinned, .pending: return nil
    case .resolved: days = recheckResolvedAfterDays
    case .ambiguous, .unresolved: days = recheckUnresolvedAfterDays
    }
    // The schedule counts UTC days; the first run on or after its day searches again.
    let checked = RecheckSchedule.day(of: resolution.checkedAt)
    return CalendarDay(
      daysSinceEpoch: RecheckSchedule(windowDays: days).dueDay(of: resolution.artistKey.rawValue, checkedDay: checked))
  }

  static func fact(_ candidate: ResolutionCandidate) -> Explanation.CatalogArtistFact {
    Explanation.CatalogArtistFact(
      id: candidate.artist.id, name: candidate.artist.name,
      note: candidate.artist.disambiguation ?? candidate.artist.genre, url: candidate.artist.url,
      ownedTitles: (candidate.ownedTitles ?? []).isEmpty ? nil : candidate.ownedTitles)
  }

  /// The day `date` fell on where the user is, as the report counts its days.
  func day(of date: Date) -> CalendarDay { CalendarDay.today(at: date, timeZone: timeZone) }
}
