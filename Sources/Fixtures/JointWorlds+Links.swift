internal import Basics

/// The links MusicBrainz keeps on the releases of a release group (its url-rels), as `fake_musicbrainz.py` serves
/// them: what a night that listens on a service finds there.
extension JointWorld {
  /// One release → URL relationship of a group's release.
  public struct MusicBrainzURL: Sendable, Hashable {
    /// The link type's name: "free streaming", "streaming", "purchase for download".
    public var type: String
    public var resource: String
    /// Ended: it no longer plays or sells there.
    public var ended: Bool
    /// Which of the group's releases carries it, 0 the first.
    public var release: Int

    /// As the fake's world takes it.
    var world: [String: Any] {
      var link: [String: Any] = ["type": type, "resource": resource, "release": release]
      if ended { link["ended"] = true }
      return link
    }
  }

  /// The links of a release MusicBrainz lists, drawn from the seed and the release alone: nearly half have live
  /// streaming pages (Spotify, Deezer, Apple Music, the last on a second release); some a Spotify link that ended,
  /// some only a purchase (Bandcamp), some only a track's page; the rest none, as many new releases have.
  public func musicBrainzURLs(of release: Release) -> [MusicBrainzURL] {
    guard release.listings[.musicBrainz] != nil else { return [] }
    var rng = SplitMix64(seed: options.seed, stream: Stream.urls.rawValue, index: UInt64(release.id))
    let spotify = "https://open.spotify.com/album/" + Self.base62(&rng, count: 22)
    let deezer = "https://www.deezer.com/album/\(rng.int(100_000_000...999_999_999))"
    let apple = "https://music.apple.com/us/album/\(rng.int(1_000_000_000...1_999_999_999))"
    let bandcamp = "https://artist\(release.id).bandcamp.com/album/" + Self.base62(&rng, count: 8).lowercased()
    switch rng.weighted([0.45, 0.1, 0.1, 0.05, 0.3]) {
    case 0:
      return [
        MusicBrainzURL(type: "free streaming", resource: spotify, ended: false, release: 0),
        MusicBrainzURL(type: "free streaming", resource: deezer, ended: false, release: 0),
        MusicBrainzURL(type: "streaming", resource: apple, ended: false, release: 1),
      ]
    case 1:
      return [
        MusicBrainzURL(type: "free streaming", resource: spotify, ended: true, release: 0),
        MusicBrainzURL(type: "free streaming", resource: deezer, ended: false, release: 0),
      ]
    case 2: return [MusicBrainzURL(type: "purchase for download", resource: bandcamp, ended: false, release: 0)]
    case 3:
      let track = spotify.replacingOccurrences(of: "/album/", with: "/track/")
      return [MusicBrainzURL(type: "free streaming", resource: track, ended: false, release: 0)]
    default: return []
    }
  }

  private static func base62(_ rng: inout SplitMix64, count: Int) -> String {
    let letters = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
    return String((0..<count).map { _ in letters[rng.below(letters.count)] })
  }
}
