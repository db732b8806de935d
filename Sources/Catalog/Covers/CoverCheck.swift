public import Foundation
public import Identity

/// Covers for the releases a report shows, from a catalog that keeps them apart from its release lists.
///
/// Each release is asked about once while its answer holds, and every answer is kept in the state database as it
/// arrives, so a rerun the same night asks nothing. "No cover" holds for a few days only, since art is often added
/// after release; a failure is never kept and shows no cover tonight, never a broken image.
public struct CoverCheck: Sendable {
  public let source: any CoverSource
  /// The provider whose releases these are: the key of the kept answers.
  public let provider: CatalogName
  public let store: any CatalogStore
  public let now: Date
  public var asking = Asking()

  public struct Result: Sendable, Equatable {
    /// Release id → the cover's address, for the releases that have one.
    public var covers: [CatalogReleaseID: String] = [:]
    /// Requests sent tonight.
    public var requests = 0
    /// Requests that got no answer (and show no cover tonight, unless an older answer had one).
    public var failures = 0
    /// Why answers could not be kept, when they could not: they still count tonight, and are asked again next time.
    public var keepingFailed: String?
  }

  public init(source: any CoverSource, provider: CatalogName, store: any CatalogStore, now: Date) {
    self.source = source
    self.provider = provider
    self.store = store
    self.now = now
  }

  /// The covers of releases `ids`: kept answers that still hold, the rest asked.
  public func covers(of ids: [CatalogReleaseID]) async throws(CatalogError) -> Result {
    var seen: Set<CatalogReleaseID> = []
    let unique = ids.filter { seen.insert($0).inserted }
    let kept: [CatalogReleaseID: ArtworkRecord]
    do {
      kept = try await store.artwork(provider: provider, releaseIDs: unique)
    } catch {
      throw .state(String(describing: error))
    }
    var result = Result()
    var unknown: [CatalogReleaseID] = []
    for id in unique {
      // A cover found before still shows until an answer says otherwise, even when it is not asked again tonight.
      result.covers[id] = kept[id]?.url
      if let record = kept[id], asking.holds(found: record.url != nil, checkedAt: record.checkedAt, now: now) {
        continue
      }
      if !asking.offline { unknown.append(id) }
    }
    await ask(unknown, into: &result)
    return result
  }

  /// Asks about `ids`, a few at a time, keeping each answer as it arrives. A lost connection stops the asking:
  /// the rest would only fail too, one timeout each.
  private func ask(_ ids: [CatalogReleaseID], into result: inout Result) async {
    let source = source
    var connected = true
    let started = await asking.each(ids, { await Self.ask(source, about: $0) }, while: { connected }) { answer in
      switch answer.cover {
      case .success(let url):
        // A cover is cosmetic: an answer that cannot be kept still counts tonight, and is asked again next time.
        do {
          try await store.saveArtwork(
            provider: provider, [ArtworkRecord(releaseID: answer.id, url: url, checkedAt: now)])
        } catch {
          result.keepingFailed = result.keepingFailed ?? String(describing: error)
        }
        result.covers[answer.id] = url
      case .failure(let error):
        result.failures += 1
        if error.isConnectivity { connected = false }
      }
    }
    result.requests += started
  }

  /// One answer of the cover source.
  struct Answer: Sendable {
    var id: CatalogReleaseID
    var cover: Swift.Result<String?, CatalogError>
  }

  static func ask(_ source: any CoverSource, about id: CatalogReleaseID) async -> Answer {
    do throws(CatalogError) {
      return Answer(id: id, cover: .success(try await source.cover(of: id)))
    } catch {
      return Answer(id: id, cover: .failure(error))
    }
  }

  /// `findings` with each release's cover as the check found it, and none where it found none.
  public static func applying(_ covers: [CatalogReleaseID: String], of catalog: CatalogName, to findings: [Finding])
    -> [Finding]
  {
    findings.map { finding in
      var finding = finding
      let links = finding.links.isEmpty ? [ReleaseLink(catalog: catalog, release: finding.release)] : finding.links
      guard let index = links.firstIndex(where: { $0.catalog == catalog }) else { return finding }
      // The first link's cover, else the first there is: a later catalog's cover never replaces an earlier one's.
      let earlier = links[..<index].contains { $0.release.artworkURL != nil }
      if let cover = covers[links[index].release.id], !earlier || finding.release.artworkURL == nil {
        finding.release.artworkURL = cover
      } else if finding.links.count <= 1 {
        finding.release.artworkURL = covers[finding.release.id]
      }
      return finding
    }
  }
}
