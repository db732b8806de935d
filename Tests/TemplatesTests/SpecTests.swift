import Foundation
import Templates
import Testing

/// One case from the official Mustache spec (https://github.com/mustache/spec).
struct SpecCase: Sendable, CustomTestStringConvertible {
  var file: String
  var name: String
  var summary: String
  var data: TemplateValue
  var template: String
  var partials: [String: String]
  var expected: String

  var testDescription: String { "\(file): \(name)" }
}

/// Finds the shared spec fixtures: `$DEEPCUT_SHARED/fixtures/mustache-spec` first, then
/// `<package root>/../shared/fixtures/mustache-spec`, where the package root is the nearest directory above
/// this file that holds a `Package.swift`. That covers both the standalone dev package (via the variable)
/// and the integrated layout `/work/main` next to `/work/shared`.
enum SpecFixtures {
  static let directory: URL? = locate()

  private static func locate() -> URL? {
    var candidates: [URL] = []
    if let shared = ProcessInfo.processInfo.environment["DEEPCUT_SHARED"], !shared.isEmpty {
      candidates.append(URL(fileURLWithPath: shared).appendingPathComponent("fixtures/mustache-spec"))
    }
    if let root = packageRoot() {
      candidates.append(root.deletingLastPathComponent().appendingPathComponent("shared/fixtures/mustache-spec"))
    }
    return candidates.first { isDirectory($0) }?.standardizedFileURL
  }

  private static func packageRoot() -> URL? {
    var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while directory.path != "/" {
      if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
        return directory
      }
      directory = directory.deletingLastPathComponent()
    }
    return nil
  }

  private static func isDirectory(_ url: URL) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
  }

  /// Returns no cases when the fixtures are absent; the tests are then skipped by their `.enabled` trait.
  static func cases(_ file: String) throws -> [SpecCase] {
    guard let directory else { return [] }
    let data = try Data(contentsOf: directory.appendingPathComponent(file))
    guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
      let tests = root["tests"] as? [[String: Any]]
    else {
      throw SpecFormatError(message: "\(file) has no 'tests' array")
    }
    return try tests.map { test in
      guard let name = test["name"] as? String, let template = test["template"] as? String,
        let expected = test["expected"] as? String
      else {
        throw SpecFormatError(message: "\(file) has a test without name, template or expected output")
      }
      return SpecCase(
        file: file, name: name, summary: test["desc"] as? String ?? "",
        data: JSONValue.convert(test["data"] ?? NSNull()), template: template,
        partials: test["partials"] as? [String: String] ?? [:], expected: expected)
    }
  }

  static var available: Bool { directory != nil }
}

struct SpecFormatError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}

/// Converts `JSONSerialization` output into `TemplateValue`.
///
/// Foundation hands JSON booleans and numbers back as `NSNumber`, and an `NSNumber` holding `1` happily casts
/// to `Bool`, so the cast order cannot tell them apart. The Objective-C type code can: booleans are `c`/`B`,
/// floating point numbers `f`/`d`, everything else an integer.
enum JSONValue {
  static func convert(_ object: Any) -> TemplateValue {
    switch object {
    case is NSNull:
      return .null
    case let number as NSNumber:
      return convert(number)
    case let string as String:
      return .string(string)
    case let array as [Any]:
      return .array(array.map(convert))
    case let dictionary as [String: Any]:
      return .object(dictionary.mapValues(convert))
    default:
      return .null
    }
  }

  private static func convert(_ number: NSNumber) -> TemplateValue {
    switch String(cString: number.objCType) {
    case "c", "B": .bool(number.boolValue)
    case "f", "d": .double(number.doubleValue)
    default: .int(number.intValue)
    }
  }
}

private func check(_ spec: SpecCase) throws {
  var partials: [String: Template] = [:]
  for (name, source) in spec.partials {
    partials[name] = try Template(source, name: name)
  }
  let template = try Template(spec.template, name: spec.name)
  let rendered = try template.render(spec.data, partials: partials)
  #expect(rendered == spec.expected, "\(spec.file): \(spec.name) — \(spec.summary)")
}

@Suite("Mustache spec", .enabled(if: SpecFixtures.available, "mustache spec fixtures not found"))
struct SpecTests {
  @Test(arguments: try SpecFixtures.cases("interpolation.json"))
  func interpolation(_ spec: SpecCase) throws { try check(spec) }

  @Test(arguments: try SpecFixtures.cases("sections.json"))
  func sections(_ spec: SpecCase) throws { try check(spec) }

  @Test(arguments: try SpecFixtures.cases("inverted.json"))
  func inverted(_ spec: SpecCase) throws { try check(spec) }

  @Test(arguments: try SpecFixtures.cases("comments.json"))
  func comments(_ spec: SpecCase) throws { try check(spec) }

  @Test(arguments: try SpecFixtures.cases("partials.json"))
  func partials(_ spec: SpecCase) throws { try check(spec) }

  @Test(arguments: try SpecFixtures.cases("delimiters.json"))
  func delimiters(_ spec: SpecCase) throws { try check(spec) }

  @Test("every required spec file has cases")
  func filesAreNotEmpty() throws {
    for file in ["interpolation", "sections", "inverted", "comments", "partials", "delimiters"] {
      #expect(try !SpecFixtures.cases("\(file).json").isEmpty, "\(file).json")
    }
  }
}

@Suite("JSON fixture conversion")
struct JSONValueTests {
  @Test("booleans, integers and decimals keep their JSON types")
  func numberTypes() throws {
    let json = #"{"t": true, "f": false, "one": 1, "zero": 0, "half": 1.5, "n": null, "s": "x", "a": [1, "b"]}"#
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
    let expected: TemplateValue = [
      "t": .bool(true), "f": .bool(false), "one": .int(1), "zero": .int(0), "half": .double(1.5),
      "n": .null, "s": .string("x"), "a": [.int(1), .string("b")],
    ]
    #expect(JSONValue.convert(object) == expected)
  }
}
