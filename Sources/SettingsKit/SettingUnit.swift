/// One of the things a program has several of, each of which may have a value of its own for a setting
/// (`--rate-limit NAME=N`) or a setting of its own (``SettingScope``). The kit knows it by its name alone; what else
/// it is, the program's closures know.
public protocol SettingUnit: Sendable {
  /// How a value given for it names it: `--rate-limit NAME=N`, the key `provider.NAME.requestsPerMinute`. Lowercase.
  var name: String { get }
}

/// Every unit a program has: what help, the completions, the example configuration and the reading of one unit's
/// value need of them. Words, kinds and defaults that need more of them are handed the registry the program made.
public protocol SettingUnitRegistry: Sendable {
  /// Every unit, in the order help names them.
  var units: [any SettingUnit] { get }
  /// The units a run has when it chooses none; the example shows a setting of each unit as the first of them has it.
  var defaultUnits: [any SettingUnit] { get }
  /// The units a person chooses among, in one phrase ("a, b or c"): what an example's note says for
  /// `{alternatives}`.
  var alternatives: String { get }
  /// How help and the refusal of a value given for one unit speak of them.
  var words: SettingUnitWords { get }
  /// The unit a person named, in any case.
  func unit(named name: String) -> (any SettingUnit)?
}

extension SettingUnitRegistry {
  public var names: [String] { units.map(\.name) }
}

/// The program's words for its units, which help and the refusals put together: "NAME=N for one catalog", "--base-url
/// http://x names no catalog, and tonight asks a and b", "… for c, which tonight does not ask (it asks a and b): add c
/// to --provider".
public struct SettingUnitWords: Sendable {
  /// One unit, and several: "catalog", "catalogs".
  public var one: String
  public var several: String
  /// What has some of the units, and how it is said to have one or not: "tonight", "asks", "does not ask".
  public var run: String
  public var has: String
  public var hasNot: String
  /// The option that chooses the run's units: "--provider".
  public var choosing: String

  public init(one: String, several: String, run: String, has: String, hasNot: String, choosing: String) {
    self.one = one
    self.several = several
    self.run = run
    self.has = has
    self.hasNot = hasNot
    self.choosing = choosing
  }
}
