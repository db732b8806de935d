import Templates
import Testing

private enum Kind: String, Codable {
  case album, single
}

private enum Priority: Int, Codable {
  case low = 1
  case high = 9
}

private struct Track: Codable {
  var title: String
  var seconds: Double
}

private struct Album: Codable {
  var title: String
  var year: Int
  var rating: Double
  var explicit: Bool
  var kind: Kind
  var priority: Priority
  var genre: String?
  var label: String?
  var tracks: [Track]
  var tags: [String]
  var discs: [[Int]]
  var credits: [String: Int]
  var notes: [String?]
}

private let dummy = Album(
  title: "Dummy", year: 1994, rating: 4.5, explicit: false, kind: .album, priority: .high, genre: nil,
  label: "Go! Beat", tracks: [Track(title: "Roads", seconds: 305.5), Track(title: "Glory Box", seconds: 306)],
  tags: ["trip hop", "bristol"], discs: [[1, 2], [3]], credits: ["Beth Gibbons": 1], notes: ["remastered", nil])

@Suite("Encoding values for templates")
struct TemplateValueEncoderTests {
  private let encoder = TemplateValueEncoder()

  @Test func aStructBecomesAnObjectWithEveryShapeItHolds() throws {
    let expected: TemplateValue = [
      "title": "Dummy", "year": 1994, "rating": 4.5, "explicit": false, "kind": "album", "priority": 9,
      "genre": nil, "label": "Go! Beat",
      "tracks": [["title": "Roads", "seconds": 305.5], ["title": "Glory Box", "seconds": 306.0]],
      "tags": ["trip hop", "bristol"], "discs": [[1, 2], [3]], "credits": ["Beth Gibbons": 1],
      "notes": ["remastered", nil],
    ]
    #expect(try encoder.encode(dummy) == expected)
  }

  @Test func scalarsKeepTheirKind() throws {
    #expect(try encoder.encode(7) == .int(7))
    #expect(try encoder.encode(Int8(-7)) == .int(-7))
    #expect(try encoder.encode(UInt16(7)) == .int(7))
    #expect(try encoder.encode(UInt64(7)) == .int(7))
    #expect(try encoder.encode(2.0) == .double(2))
    #expect(try encoder.encode(Float(0.1)) == .double(0.1))
    #expect(try encoder.encode(true) == .bool(true))
    #expect(try encoder.encode("text") == .string("text"))
    #expect(try encoder.encode(Kind.single) == .string("single"))
    #expect(try encoder.encode(Priority.low) == .int(1))
    #expect(try encoder.encode(String?.none) == .null)
    #expect(try encoder.encode(Int?.some(3)) == .int(3))
  }

  @Test func aNilOptionalIsNullNotMissing() throws {
    // JSON leaves a nil out; a template must find it empty where it is, not fall back to an outer field.
    guard case .object(let fields) = try encoder.encode(dummy) else {
      Issue.record("an album encodes as an object")
      return
    }
    #expect(fields.keys.contains("genre") && fields["genre"] == .null)
    let page = try Template("{{#albums}}[{{genre}}]{{/albums}}")
    let value: TemplateValue = ["genre": "outer", "albums": .array([try encoder.encode(dummy)])]
    #expect(try page.render(value) == "[]")
  }

  @Test func anUnsignedNumberBeyondIntIsAnError() {
    #expect(throws: EncodingError.self) { try encoder.encode(["big": UInt64.max]) }
  }

  @Test func anErrorOfTheValuesOwnIsAnEncodingErrorThatCarriesIt() {
    struct Refused: Error {}
    struct Refusing: Encodable {
      func encode(to encoder: any Encoder) throws { throw Refused() }
    }
    #expect {
      try encoder.encode([Refusing()])
    } throws: { error in
      guard case EncodingError.invalidValue(_, let context) = error else { return false }
      return context.underlyingError is Refused
    }
  }

  @Test func handWrittenEncodingWithNestedContainersAndSuperEncoders() throws {
    struct Custom: Encodable {
      enum Keys: String, CodingKey { case name, inner, list, parent }
      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode("custom", forKey: .name)
        var inner = container.nestedContainer(keyedBy: Keys.self, forKey: .inner)
        try inner.encodeNil(forKey: .name)
        var list = container.nestedUnkeyedContainer(forKey: .list)
        try list.encode(1)
        var pair = list.nestedUnkeyedContainer()
        try pair.encode("a")
        try pair.encodeNil()
        var nested = list.nestedContainer(keyedBy: Keys.self)
        try nested.encode(true, forKey: .name)
        try "base".encode(to: container.superEncoder())
        try 3.5.encode(to: container.superEncoder(forKey: .parent))
        // A second container of the same encoder adds to the first one's object.
        var more = encoder.container(keyedBy: Keys.self)
        try more.encodeIfPresent(Int?.none, forKey: .inner)
      }
    }
    let expected: TemplateValue = [
      "name": "custom", "inner": nil, "list": [1, ["a", nil], ["name": true]], "super": "base", "parent": 3.5,
    ]
    #expect(try encoder.encode(Custom()) == expected)
  }

  @Test func aValueThatEncodesNothingIsAnEmptyObject() throws {
    struct Nothing: Encodable {
      func encode(to encoder: any Encoder) throws {}
    }
    #expect(try encoder.encode(Nothing()) == .object([:]))
    #expect(try encoder.encode([Nothing()]) == [.object([:])])
  }
}

private struct Timing: Encodable, TemplateExtending {
  var phase: String
  var seconds: Double
  var cache: String?

  struct TemplateExtras: Encodable {
    var seconds: String
    var label: Label
  }

  struct Label: Encodable {
    var text: String
    var parts: [String]
  }

  var templateExtras: TemplateExtras {
    TemplateExtras(seconds: "\(seconds)s", label: Label(text: phase.uppercased(), parts: [phase, cache ?? "-"]))
  }
}

private struct Run: Encodable, TemplateExtending {
  var timings: [Timing]
  var total: Timing?

  struct TemplateExtras: Encodable {
    var hasTimings: Bool
  }

  var templateExtras: TemplateExtras { TemplateExtras(hasTimings: !timings.isEmpty) }
}

@Suite("Members only templates see")
struct TemplateExtendingTests {
  private let encoder = TemplateValueEncoder()

  @Test func extrasAreMergedAtEveryLevelAndReplaceTheEncodedMember() throws {
    let run = Run(timings: [Timing(phase: "catalog", seconds: 1.5, cache: "warm")], total: nil)
    let expected: TemplateValue = [
      "hasTimings": true, "total": nil,
      "timings": [
        [
          "phase": "catalog", "seconds": "1.5s", "cache": "warm",
          "label": ["text": "CATALOG", "parts": ["catalog", "warm"]],
        ]
      ],
    ]
    #expect(try encoder.encode(run) == expected)
  }

  @Test func aWrapperSeesItsValueWithTheValuesExtrasAndAddsItsOwn() throws {
    struct Page: Encodable, TemplateExtending {
      var timing: Timing
      func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(timing)
      }
      var templateExtras: [String: String] { ["title": "Timings"] }
    }
    let value = try encoder.encode(Page(timing: Timing(phase: "render", seconds: 2, cache: nil)))
    let expected: TemplateValue = [
      "phase": "render", "seconds": "2.0s", "cache": nil, "label": ["text": "RENDER", "parts": ["render", "-"]],
      "title": "Timings",
    ]
    #expect(value == expected)
  }

  @Test func extrasOfSomethingThatIsNotAnObjectAreAnError() {
    struct Labelled: Encodable, TemplateExtending {
      func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode("plain")
      }
      var templateExtras: [String: String] { ["label": "x"] }
    }
    struct Scalar: Encodable, TemplateExtending {
      var count = 1
      var templateExtras: Int { 2 }
    }
    #expect(throws: EncodingError.self) { try encoder.encode(Labelled()) }
    #expect(throws: EncodingError.self) { try encoder.encode(Scalar()) }
  }
}
