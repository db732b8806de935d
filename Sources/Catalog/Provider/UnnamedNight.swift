internal import Foundation
public import Identity

/// The catalogs a night asks when none is named. What earlier nights asked, when the state keeps a catalog that is not
/// recommended: its resolutions and told releases stay the night's until the person chooses, and nobody is moved to
/// others silently. Else, answering from a snapshot, the recommended catalogs it recorded (a folder for each, or a
/// folder named for the one), or the ones it recorded. Else the recommended ones, less those that ask who runs this
/// while no one says: a first run by hand still reports, and says what the others need.
public struct UnnamedNight: Sendable {
  public var registry: ProviderRegistry
  /// The catalogs whose resolutions or told releases the state keeps.
  public var earlier: [CatalogName]
  /// The folder of recorded answers the night reads instead of asking anyone; nil asks the catalogs.
  public var snapshot: String?
  /// Whether someone says who runs this, as catalogs that ask it want.
  public var hasContact: Bool

  public init(registry: ProviderRegistry, earlier: [CatalogName], snapshot: String?, hasContact: Bool) {
    self.registry = registry
    self.earlier = earlier
    self.snapshot = snapshot
    self.hasContact = hasContact
  }

  public var catalogs: [any ProviderDefinition] {
    if let kept = keptEarlier { return kept }
    guard let snapshot else { return recommended }
    let recorded = self.recorded(in: snapshot)
    let both = registry.defaultNight.filter { catalog in recorded.contains { $0.name == catalog.name } }
    return !both.isEmpty ? both : !recorded.isEmpty ? recorded : registry.defaultNight
  }

  /// The recommended catalogs, less those that ask who runs this while no one says (unless that leaves none).
  public var recommended: [any ProviderDefinition] {
    let recommended = registry.defaultNight
    guard !hasContact else { return recommended }
    let asking = recommended.filter { !$0.requiresContact }
    return asking.isEmpty ? recommended : asking
  }

  /// The recommended catalogs tonight leaves out until someone says who runs this.
  public var waitingForContact: [CatalogName] {
    guard keptEarlier == nil, snapshot == nil else { return [] }
    let asked = recommended.map(\.name)
    return registry.defaultNight.map(\.name).filter { !asked.contains($0) }
  }

  /// The catalogs earlier nights asked, when one of them is not recommended. A state that knows only recommended ones
  /// is a recommended night that could not reach one of them, or was not yet allowed to ask it (no contact): tonight
  /// asks them all again.
  public var keptEarlier: [any ProviderDefinition]? {
    let earlier = registry.searchable.filter { self.earlier.contains($0.name) }
    let recommended = Set(registry.defaultNight.map(\.name))
    return earlier.contains { !recommended.contains($0.name) } ? earlier : nil
  }

  /// The catalogs a snapshot folder holds recordings of: a folder for each, or the folder's own name for one
  /// (`samples/catalogs/itunes`).
  private func recorded(in snapshot: String) -> [any ProviderDefinition] {
    var isFolder: ObjCBool = false
    let folders = registry.searchable.filter {
      FileManager.default.fileExists(atPath: snapshot + "/" + $0.name.rawValue, isDirectory: &isFolder)
        && isFolder.boolValue
    }
    if folders.isEmpty, let named = registry.named(URL(fileURLWithPath: snapshot).lastPathComponent) { return [named] }
    return folders
  }
}
