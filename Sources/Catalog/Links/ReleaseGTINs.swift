public import Foundation
public import Identity

/// Answers about single releases kept in the state, each under a catalog, a kind and a key: "found" for months,
/// "none" (an empty body) a few days, never a failure.
struct KeptAnswers: Sendable {
  let store: any CatalogStore
  let now: Date
  var asking: Asking

  enum Kept {
    case found(Data)
    /// Asked lately, and there was none.
    case missing
    case unknown
  }

  /// A kept answer that still holds.
  func kept(provider: CatalogName, kind: String, key: String) async -> Kept {
    guard let entry = try? await store.cachedResponses(provider: provider, kind: kind, keys: [key])[key] else {
      return .unknown
    }
    guard asking.holds(found: !entry.body.isEmpty, checkedAt: entry.fetchedAt, now: now) else { return .unknown }
    return entry.body.isEmpty ? .missing : .found(entry.body)
  }

  /// Keeps `body`; why it could not be kept, when it could not.
  func keep(_ body: Data, provider: CatalogName, kind: String, key: String) async -> String? {
    do {
      try await store.store(provider: provider, kind: kind, responses: [(key, body)], fetchedAt: now)
      return nil
    } catch {
      return String(describing: error)
    }
  }
}

/// A listed release's UPC/EAN: from a listing that carries one, else a kept answer, else asked of a catalog that
/// lists it and can tell (Deezer's `/album/{id}`), the answer kept. What the links and the barcode's typing both
/// start from, so a release's code is asked once.
public struct ReleaseGTINs: Sendable {
  /// Where the UPC/EAN of a listed release is asked, by the name of the catalog that lists it.
  public let sources: [CatalogName: any GTINSource]
  var answers: KeptAnswers

  static let kind = "gtin"

  public init(sources: [CatalogName: any GTINSource], store: any CatalogStore, now: Date, asking: Asking = Asking()) {
    self.sources = sources
    answers = KeptAnswers(store: store, now: now, asking: asking)
  }

  public var asking: Asking {
    get { answers.asking }
    set { answers.asking = newValue }
  }

  /// What asking for one release's code found, and cost.
  public struct Answer: Sendable {
    public var gtin: GTIN?
    public var requests = 0
    public var keepingFailed: String?
  }

  /// The finding's GTIN: from a listing that carries one, else from a kept answer, else asked.
  public func gtin(of finding: Finding) async -> Answer {
    var answer = Answer()
    if let known = finding.release.gtin ?? finding.links.lazy.compactMap(\.release.gtin).first {
      answer.gtin = known
      return answer
    }
    for link in finding.links {
      guard let source = sources[link.catalog] else { continue }
      let key = link.release.id.rawValue
      switch await answers.kept(provider: link.catalog, kind: Self.kind, key: key) {
      case .found(let body):
        answer.gtin = GTIN(String(decoding: body, as: UTF8.self))
        return answer
      case .missing: continue
      case .unknown: break
      }
      guard !asking.offline else { continue }
      answer.requests += 1
      do throws(CatalogError) {
        let gtin = try await source.gtin(ofRelease: link.release.id)
        // Kept in a form of a valid length: the digits alone lose a UPC's leading zero.
        let body = Data((gtin?.lookupForm ?? "").utf8)
        let failed = await answers.keep(body, provider: link.catalog, kind: Self.kind, key: key)
        answer.keepingFailed = answer.keepingFailed ?? failed
        if let gtin {
          answer.gtin = gtin
          return answer
        }
      } catch {
        continue
      }
    }
    return answer
  }

  /// The kept codes of `releases`, whatever their age, asking nothing: what `why` reads.
  public static func kept(of releases: [ReleaseReference], store: any CatalogStore) async -> [ReleaseReference: GTIN] {
    var found: [ReleaseReference: GTIN] = [:]
    for (catalog, group) in Dictionary(grouping: releases, by: \.catalog) {
      let keys = group.map(\.id.rawValue)
      let entries = (try? await store.cachedResponses(provider: catalog, kind: kind, keys: keys)) ?? [:]
      for reference in group {
        guard let body = entries[reference.id.rawValue]?.body, let gtin = GTIN(String(decoding: body, as: UTF8.self))
        else { continue }
        found[reference] = gtin
      }
    }
    return found
  }
}
