public import Foundation
public import Identity

/// The Cover Art Archive, MusicBrainz's store of covers: `GET /release-group/{id}` lists a release group's images
/// as JSON, or answers 404 when it has none, which is common the week a release comes out.
public struct CoverArtArchive: CoverSource {
  public static let production = URL(string: "https://coverartarchive.org") ?? URL(fileURLWithPath: "/")
  /// The pace it is asked at. It has no rate limit (MetaBrainz's own tagger lifts its delay for it); three a second
  /// is what its maintainers named as fair when they once weighed one, and keeps a first night's covers to minutes.
  public static let pace = 180.0

  public let transport: any CatalogTransport
  public var baseURL: URL
  public var requestsPerMinute: Double

  public init(
    transport: any CatalogTransport, baseURL: URL = CoverArtArchive.production,
    requestsPerMinute: Double = CoverArtArchive.pace
  ) {
    self.transport = transport
    self.baseURL = baseURL
    self.requestsPerMinute = requestsPerMinute
  }

  /// The group's front image at 250 px (sharp at the report's 64 px on a 2x screen), or nil when it has none.
  public func cover(of id: CatalogReleaseID) async throws(CatalogError) -> String? {
    let body: Data
    do {
      body = try await transport.get(url("release-group/\(id)"))
    } catch {
      if case .server(status: 404) = error { return nil }
      throw error
    }
    let listing: Listing
    do {
      listing = try JSONDecoder().decode(Listing.self, from: body)
    } catch {
      let preview = String(decoding: body.prefix(80), as: UTF8.self)
      throw .undecodable("the Cover Art Archive sent a body that is not an image listing: \(preview)")
    }
    // `front-250` serves the image marked front, and only that one: another typed "Front" would be a broken image.
    let hasFront = listing.images.contains { $0.front == true }
    return hasFront ? url("release-group/\(id)/front-250").absoluteString : nil
  }

  private func url(_ path: String) -> URL {
    let base =
      baseURL.absoluteString.hasSuffix("/") ? String(baseURL.absoluteString.dropLast()) : baseURL.absoluteString
    return URL(string: base + "/" + path) ?? baseURL
  }

  /// `{"images": [{"front": true, "types": ["Front"], "thumbnails": {...}, ...}], "release": "…"}`.
  struct Listing: Decodable {
    var images: [Image]
  }

  struct Image: Decodable {
    var front: Bool?
  }
}
