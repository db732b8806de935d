internal import Basics
internal import Foundation

extension JointWorld {
  /// How a service asked only for links (Spotify, TIDAL) holds the world's new and upcoming releases: most under their
  /// own barcode, kept as 14 digits with leading zeros (a few as written); some not at all; a few under their barcode
  /// but as another edition ("(Deluxe Edition)" added), which a lookup must refuse.
  public struct AppService: Sendable {
    public var name: String
    /// The share of releases it lacks.
    public var missing: Double = 0.12
    /// The share it keeps under the barcode as written, not padded to 14 digits.
    public var unpadded: Double = 0.2
    /// The share it lists as another edition.
    public var otherEdition: Double = 0.04
    public var clientID = "deepcut-tests"
    public var clientSecret = "not-a-real-secret"

    public init(name: String) {
      self.name = name
    }
  }

  /// What the service holds of each release, by the release's place in ``releases``: its id and title there.
  public func holdings(of service: AppService) -> [Int: (id: String, title: String)] {
    var held: [Int: (id: String, title: String)] = [:]
    for release in releases where release.status != .owned {
      var rng = SplitMix64(seed: FNV1a.hash(service.name), stream: 7, index: UInt64(release.id))
      let roll = rng.unit()
      guard roll >= service.missing else { continue }
      let title = roll < service.missing + service.otherEdition ? release.title + " (Deluxe Edition)" : release.title
      held[release.id] = ("\(service.name.prefix(2))\(release.id)", title)
    }
    return held
  }

  /// The world `Tests/Fakes/fake_app_service.py` serves for `service`.
  public func appWorld(_ service: AppService) -> FakeWorld {
    let held = holdings(of: service)
    let albums: [[String: Any]] = releases.compactMap { release in
      guard let (id, title) = held[release.id] else { return nil }
      var rng = SplitMix64(seed: FNV1a.hash(service.name), stream: 8, index: UInt64(release.id))
      let digits = String(release.gtin.drop { $0 == "0" })
      let barcode =
        rng.unit() < service.unpadded ? release.gtin : String(repeating: "0", count: 14 - digits.count) + digits
      return [
        "id": id, "title": title, "artists": [release.artistName], "barcode": barcode,
        "type": release.kind.rawValue.uppercased(), "releaseDate": release.releaseDate.description,
        "tracks": release.trackCount,
      ]
    }
    return FakeWorld(building: [
      "app": ["client_id": service.clientID, "client_secret": service.clientSecret], "albums": albums,
    ])
  }
}
