internal import Basics
internal import Catalog
internal import Identity
internal import MusicLibrary

/// The worlds the fakes in `Tests/Fakes` serve, in each fake's world format (see the top of each script).
extension JointWorld {
  /// The world of `catalog`'s fake.
  public func world(for catalog: Catalog) -> FakeWorld {
    switch catalog {
    case .iTunes: iTunesWorld
    case .deezer: deezerWorld
    case .musicBrainz: musicBrainzWorld
    }
  }

  /// For `fake_itunes.py`: every artist with its collections, the clean twin beside the explicit one, each with
  /// its UPC (found by `/lookup?upc=`, named in the artwork path where the listing says so).
  public var iTunesWorld: FakeWorld {
    let artists = listed(in: .iTunes).map { artist, listings -> [String: Any] in
      var albums: [[String: Any]] = []
      for (release, listing) in listings {
        var album: [String: Any] = [
          "collectionId": Int(listing.id) ?? 0, "collectionName": listing.title,
          "releaseDate": listing.releaseDate.description, "trackCount": release.trackCount,
          "explicitness": listing.isExplicit ? "explicit" : "notExplicit",
        ]
        if let gtin = listing.gtin {
          album["upc"] = gtin
          album["artworkNamesUPC"] = listing.gtinInList
        }
        albums.append(album)
        if let twin = listing.cleanTwin {
          album["collectionId"] = Int(twin.id) ?? 0
          album["explicitness"] = "cleaned"
          album["upc"] = twin.gtin
          albums.append(album)
        }
      }
      return [
        "artistId": Int(artist.ids[.iTunes] ?? "") ?? 0, "artistName": artist.name, "primaryGenreName": "Rock",
        "albums": albums,
      ]
    }
    return FakeWorld(building: ["artists": artists])
  }

  /// For `fake_deezer.py`: albums, then EPs, then singles, as Deezer groups an artist's list, each with the UPC
  /// its `/album/{id}` carries.
  public var deezerWorld: FakeWorld {
    let order: [ReleaseKind] = [.album, .ep, .single]
    let artists = listed(in: .deezer).enumerated().map { index, entry -> [String: Any] in
      let (artist, listings) = entry
      var albums: [(Int, [String: Any])] = []
      for (release, listing) in listings {
        let kind = listing.typedKind ?? release.kind
        var album: [String: Any] = [
          "id": Int(listing.id) ?? 0, "title": listing.title, "release_date": listing.releaseDate.description,
          "record_type": listing.compile ? "compile" : kind.rawValue, "explicit_lyrics": listing.isExplicit,
          "nb_tracks": release.trackCount,
        ]
        album["upc"] = listing.gtin
        let rank = order.firstIndex(of: kind) ?? 0
        albums.append((rank, album))
        if let twin = listing.cleanTwin {
          album["id"] = Int(twin.id) ?? 0
          album["explicit_lyrics"] = false
          album["upc"] = twin.gtin
          albums.append((rank, album))
        }
      }
      // A stable sort: within a kind the order stays the shuffled one.
      let grouped = albums.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }
      return [
        "id": Int(artist.ids[.deezer] ?? "") ?? 0, "name": artist.name, "nb_fan": 10 + 200_000 / (index + 1),
        "albums": grouped.map(\.element.1),
      ]
    }
    return FakeWorld(building: ["artists": artists])
  }

  /// For `fake_musicbrainz.py`: one release group per release, typed, dated to the day, with its releases' links
  /// (``musicBrainzURLs(of:)``) and the release its barcode finds. The group answers carry no barcode: the recorded
  /// answers show none beside a release group; the release search by barcode does.
  public var musicBrainzWorld: FakeWorld {
    let artists = listed(in: .musicBrainz).map { artist, listings -> [String: Any] in
      let groups = listings.map { release, listing -> [String: Any] in
        var group: [String: Any] = [
          "id": listing.id, "title": listing.title, "primary-type": (listing.typedKind ?? release.kind).musicBrainzType,
          "first-release-date": listing.releaseDate.description,
        ]
        let urls = musicBrainzURLs(of: release)
        if !urls.isEmpty { group["urls"] = urls.map(\.world) }
        if !listing.secondaryTypes.isEmpty { group["secondary-types"] = listing.secondaryTypes }
        // The release of its barcode: a reissue's is filed in its original's group, dated by itself.
        group["releases"] = [["barcode": release.gtin, "date": release.releaseDate.description]]
        return group
      }
      return ["id": artist.ids[.musicBrainz] ?? "", "name": artist.name, "release-groups": groups]
    }
    return FakeWorld(building: ["artists": artists])
  }

  /// Every artist with the catalog's listings of its releases, in an order of the catalog's own: catalogs sort
  /// neither by date nor by anything else a test could lean on.
  private func listed(in catalog: Catalog) -> [(Artist, [(Release, Listing)])] {
    var byArtist: [ArtistKey: [(Release, Listing)]] = [:]
    for release in releases {
      if let listing = release.listings[catalog] { byArtist[release.artist, default: []].append((release, listing)) }
    }
    return artists.enumerated().map { index, artist in
      var listings = byArtist[artist.key] ?? []
      var rng = SplitMix64(
        seed: options.seed, stream: Stream.order.rawValue &+ catalog.stream, index: UInt64(index))
      rng.shuffle(&listings)
      return (artist, listings)
    }
  }
}

extension ReleaseKind {
  /// The primary type MusicBrainz gives it.
  var musicBrainzType: String {
    switch self {
    case .album: "Album"
    case .ep: "EP"
    case .single: "Single"
    }
  }
}

extension JointWorld {
  /// The three fakes, each serving its catalog's part of this world, for `body`; all stopped when it returns.
  public func serve<T>(_ body: ([Catalog: FakeCatalogServer]) async throws -> T) async throws -> T {
    try await FakeCatalogServer.with(.itunes, world: iTunesWorld) { itunes in
      try await FakeCatalogServer.with(.init(catalog: "deezer"), world: deezerWorld) { deezer in
        try await FakeCatalogServer.with(.musicbrainz, world: musicBrainzWorld) { musicBrainz in
          try await body([.iTunes: itunes, .deezer: deezer, .musicBrainz: musicBrainz])
        }
      }
    }
  }
}
