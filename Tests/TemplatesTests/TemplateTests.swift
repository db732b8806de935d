import Foundation
import Templates
import Testing

private func render(
  _ source: String, _ value: TemplateValue = [:], partials: [String: String] = [:]
) throws -> String {
  var compiled: [String: Template] = [:]
  for (name, partial) in partials {
    compiled[name] = try Template(partial, name: name)
  }
  return try Template(source).render(value, partials: compiled)
}

private func parseError(_ source: String, name: String = "report.html.mustache") -> TemplateError? {
  do {
    _ = try Template(source, name: name)
    return nil
  } catch {
    return error
  }
}

@Suite("Interpolation and escaping")
struct InterpolationTests {
  @Test func basicInterpolation() throws {
    #expect(try render("Hello, {{name}}!", ["name": "world"]) == "Hello, world!")
  }

  @Test func scriptTagIsEscaped() throws {
    let output = try render("<p>{{bio}}</p>", ["bio": "<script>alert('x')</script>"])
    #expect(output == "<p>&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;</p>")
  }

  @Test func quotesAndAmpersandsAreEscaped() throws {
    let output = try render(#"<a title="{{t}}">"#, ["t": #""a" & 'b'"#])
    #expect(output == #"<a title="&quot;a&quot; &amp; &#39;b&#39;">"#)
  }

  @Test func existingEntitiesAreEscapedAgain() throws {
    #expect(try render("{{x}}", ["x": "&amp;"]) == "&amp;amp;")
  }

  @Test func tripleMustacheAndAmpersandDoNotEscape() throws {
    let value: TemplateValue = ["html": "<b>&</b>"]
    #expect(try render("{{{html}}}|{{& html}}|{{html}}", value) == "<b>&</b>|<b>&</b>|&lt;b&gt;&amp;&lt;/b&gt;")
  }

  @Test func htmlEscapeLeavesPlainAndNonASCIITextAlone() {
    #expect(Template.htmlEscape("plain text") == "plain text")
    #expect(Template.htmlEscape("é<ü>ß") == "é&lt;ü&gt;ß")
    #expect(Template.htmlEscape("") == "")
  }

  @Test func scalarFormatting() throws {
    let value: TemplateValue = [
      "int": 85, "negative": -3, "decimal": 1.21, "whole": 2.0, "yes": true, "no": false, "nothing": nil,
    ]
    let output = try render("{{int}} {{negative}} {{decimal}} {{whole}} {{yes}} {{no}} [{{nothing}}]", value)
    #expect(output == "85 -3 1.21 2 true false []")
  }

  @Test func arraysJoinAndObjectsRenderEmpty() throws {
    let value: TemplateValue = ["tags": ["a", 1, 2.5], "meta": ["k": "v"]]
    #expect(try render("{{tags}}|{{meta}}|", value) == "a, 1, 2.5||")
  }

  @Test func missingNamesRenderEmpty() throws {
    #expect(try render("[{{missing}}][{{{missing}}}][{{a.b.c}}]") == "[][][]")
  }

  @Test func renderedValuesAreNotReparsed() throws {
    #expect(try render("{{x}}", ["x": "{{y}}", "y": "no"]) == "{{y}}")
  }
}

@Suite("Sections")
struct SectionTests {
  @Test func arrayOfObjects() throws {
    let value: TemplateValue = ["items": [["n": "a"], ["n": "b"], ["n": "c"]]]
    #expect(try render("{{#items}}<{{n}}>{{/items}}", value) == "<a><b><c>")
  }

  @Test func implicitIteratorOverScalars() throws {
    #expect(try render("{{#xs}}({{.}}){{/xs}}", ["xs": [1, "two", 3.5, true]]) == "(1)(two)(3.5)(true)")
  }

  @Test func objectBecomesContext() throws {
    let value: TemplateValue = ["user": ["name": "Ada", "role": "admin"]]
    #expect(try render("{{#user}}{{name}} is {{role}}{{/user}}", value) == "Ada is admin")
  }

  @Test func booleansSelectBlocks() throws {
    let template = try Template("{{#on}}yes{{/on}}{{^on}}no{{/on}}")
    #expect(try template.render(["on": true]) == "yes")
    #expect(try template.render(["on": false]) == "no")
    #expect(try template.render([:]) == "no")
  }

  @Test(arguments: [
    ("null", TemplateValue.null, false),
    ("false", .bool(false), false),
    ("empty array", .array([]), false),
    ("empty string", .string(""), false),
    ("zero", .int(0), true),
    ("zero double", .double(0), true),
    ("empty object", .object([:]), true),
    ("text", .string("x"), true),
  ])
  func truthiness(label: String, value: TemplateValue, truthy: Bool) throws {
    let output = try render("{{#v}}T{{/v}}{{^v}}F{{/v}}", ["v": value])
    #expect(output == (truthy ? "T" : "F"), "\(label)")
  }

  @Test func nestedArrays() throws {
    let value: TemplateValue = ["rows": [[1, 2], [3]]]
    #expect(try render("{{#rows}}[{{#.}}{{.}}{{/.}}]{{/rows}}", value) == "[12][3]")
  }

  @Test func invertedSectionOverEmptyList() throws {
    #expect(try render("{{^items}}no items{{/items}}", ["items": []]) == "no items")
    #expect(try render("{{^items}}no items{{/items}}", ["items": [1]]) == "")
  }

  @Test func dottedNames() throws {
    let value: TemplateValue = ["a": ["b": ["c": "deep"]], "flag": ["on": true]]
    #expect(try render("{{a.b.c}} {{#flag.on}}on{{/flag.on}}", value) == "deep on")
  }

  @Test func brokenDottedChainDoesNotFallBackToOuterContext() throws {
    let value: TemplateValue = ["a": ["b": [:]], "b": ["c": "outer"]]
    #expect(try render("[{{#a}}{{b.c}}{{/a}}]", value) == "[]")
  }

  @Test func contextStackFallthrough() throws {
    let value: TemplateValue = ["project": "deepcut", "releases": [["tag": "v1"], ["tag": "v2", "project": "fork"]]]
    let output = try render("{{#releases}}{{project}}@{{tag}} {{/releases}}", value)
    #expect(output == "deepcut@v1 fork@v2 ")
  }

  @Test func rootLevelArray() throws {
    #expect(try render("{{#.}}{{name}};{{/.}}", [["name": "x"], ["name": "y"]]) == "x;y;")
  }
}

@Suite("Partials")
struct PartialTests {
  @Test func partialUsesCurrentContext() throws {
    let value: TemplateValue = ["people": [["name": "Ada"], ["name": "Grace"]]]
    let output = try render("{{#people}}{{>person}}{{/people}}", value, partials: ["person": "<{{name}}>"])
    #expect(output == "<Ada><Grace>")
  }

  @Test func missingPartialRendersEmpty() throws {
    #expect(try render("[{{>nope}}]") == "[]")
  }

  @Test func standalonePartialIndentsEveryLine() throws {
    let output = try render("list:\n  {{>items}}\nend\n", partials: ["items": "- a\n- b\n"])
    #expect(output == "list:\n  - a\n  - b\nend\n")
  }

  @Test func nestedStandalonePartialsAccumulateIndentation() throws {
    let partials = ["outer": "outer\n  {{>inner}}\n", "inner": "x\ny\n"]
    let output = try render("  {{>outer}}\n", partials: partials)
    #expect(output == "  outer\n    x\n    y\n")
  }

  @Test func interpolatedMultilineValuesAreNotIndented() throws {
    let output = try render("  {{>p}}\n", ["v": "1\n2"], partials: ["p": "[{{{v}}}]\n"])
    #expect(output == "  [1\n2]\n")
  }

  @Test func inlinePartialIsNotIndented() throws {
    let output = try render("  a {{>p}}\n", partials: ["p": "x\ny"])
    #expect(output == "  a x\ny\n")
  }

  @Test func inlinePartialInsideIndentedPartialIndentsOnlyNewLines() throws {
    let partials = ["outer": "a {{>inner}}\nb\n", "inner": "{{#s}}\nx\ny\n{{/s}}"]
    let output = try render("  {{>outer}}\n", ["s": true], partials: partials)
    #expect(output == "  a x\n  y\n\n  b\n")
  }

  @Test func indentationRepeatsForEverySectionIteration() throws {
    let partials = ["p": "{{#xs}}\n- {{.}}\n{{/xs}}\n"]
    let output = try render("    {{>p}}\n", ["xs": [1, 2]], partials: partials)
    #expect(output == "    - 1\n    - 2\n")
  }

  @Test func recursivePartialFollowsData() throws {
    let value: TemplateValue = ["name": "root", "kids": [["name": "a", "kids": [["name": "b", "kids": []]]]]]
    let output = try render("{{>node}}", value, partials: ["node": "{{name}}({{#kids}}{{>node}}{{/kids}})"])
    #expect(output == "root(a(b()))")
  }

  @Test func runawayRecursionStopsAtDepthLimit() throws {
    let output = try render("{{>loop}}", partials: ["loop": "x{{>loop}}"])
    #expect(output == String(repeating: "x", count: 100))
  }

  @Test func partialsUseTheCallersEscaper() throws {
    let partial = try Template("{{v}}")
    let output = try Template("{{>p}}").render(["v": "<"], partials: ["p": partial], escape: { "[\($0)]" })
    #expect(output == "[<]")
  }

  @Test func partialKeepsItsOwnDelimiters() throws {
    let output = try render("{{=<% %>=}}<%>p%> <%v%>", ["v": 1], partials: ["p": "{{v}}"])
    #expect(output == "1 1")
  }
}

@Suite("Delimiters, comments and standalone lines")
struct SyntaxTests {
  @Test func setDelimiters() throws {
    #expect(try render("{{=<% %>=}}<%a%> {{a}}", ["a": "x"]) == "x {{a}}")
  }

  @Test func setDelimitersBackToDefault() throws {
    #expect(try render("{{=| |=}}|a||={{ }}=|{{a}}", ["a": "y"]) == "yy")
  }

  @Test func setDelimitersInsideSection() throws {
    let output = try render("{{#s}}{{=[ ]=}}[v][/s]", ["s": true, "v": "in"])
    #expect(output == "in")
  }

  @Test func comments() throws {
    #expect(try render("a{{! hidden }}b{{!\nmulti\nline\n}}c") == "abc")
  }

  @Test func standaloneTagsRemoveTheirLines() throws {
    let source = """
      <ul>
        {{#items}}
        <li>{{.}}</li>
        {{/items}}
        {{! no items? }}
      </ul>
      """
    #expect(try render(source, ["items": ["a", "b"]]) == "<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>")
  }

  @Test func inlineSectionsKeepTheirLine() throws {
    #expect(try render("  {{#s}}x{{/s}}  \n", ["s": true]) == "  x  \n")
  }

  @Test func variableTagsAreNeverStandalone() throws {
    #expect(try render("  {{v}}\n", ["v": ""]) == "  \n")
  }

  @Test func crlfLineEndings() throws {
    let source = "a\r\n{{#s}}\r\n  b {{v}}\r\n{{/s}}\r\n{{! note }}\r\nc\r\n"
    #expect(try render(source, ["s": true, "v": 1]) == "a\r\n  b 1\r\nc\r\n")
  }

  @Test func crlfStandalonePartialIndentation() throws {
    let output = try render("x\r\n  {{>p}}\r\ny", partials: ["p": "1\r\n2\r\n"])
    #expect(output == "x\r\n  1\r\n  2\r\ny")
  }
}

@Suite("Custom escaper")
struct EscaperTests {
  @Test func escaperAppliesOnlyToDoubleMustache() throws {
    let template = try Template("{{x}} {{{x}}} {{&x}} {{n}}")
    let output = try template.render(["x": "<v>", "n": 3], escape: { "[\($0)]" })
    #expect(output == "[<v>] <v> <v> [3]")
  }

  @Test func escaperIsNotAppliedToLiteralText() throws {
    let output = try Template("*{{x}}*").render(["x": "a_b"], escape: { $0.replacingUnderscores() })
    #expect(output == "*a\\_b*")
  }
}

extension String {
  fileprivate func replacingUnderscores() -> String {
    var result = ""
    for character in self {
      if character == "_" {
        result.append("\\")
      }
      result.append(character)
    }
    return result
  }
}

@Suite("Parse errors")
struct ErrorTests {
  @Test func unclosedSection() throws {
    let error = try #require(parseError("# Report\n  {{#releases}}\n{{name}}\n"))
    #expect(error == TemplateError(name: "report.html.mustache", line: 2, column: 3, message: error.message))
    #expect(error.message.hasPrefix("unclosed section 'releases'"))
    #expect(error.description.hasPrefix("report.html.mustache:2:3: unclosed section 'releases'"))
  }

  @Test func mismatchedClosingTag() throws {
    let error = try #require(parseError("{{#a}}\n{{#b}}\nx {{/a}}"))
    #expect((error.line, error.column) == (3, 3))
    #expect(error.message.contains("closing tag 'a' does not match the open section 'b' from line 2, column 1"))
  }

  @Test func closingTagWithoutSection() throws {
    let error = try #require(parseError("text {{/a}}"))
    #expect((error.line, error.column) == (1, 6))
    #expect(error.message.hasPrefix("closing tag 'a' has no matching opening tag"))
  }

  @Test func unclosedTag() throws {
    let error = try #require(parseError("line one\nsay {{name"))
    #expect((error.line, error.column) == (2, 5))
    #expect(error.message == "unclosed tag; add '}}' to close it")
  }

  @Test func unclosedTripleMustache() throws {
    let error = try #require(parseError("{{{name}}"))
    #expect((error.line, error.column) == (1, 1))
    #expect(error.message == "unclosed triple mustache; add '}}}' to close it")
  }

  @Test func unclosedTagWithCustomDelimiters() throws {
    let error = try #require(parseError("{{=<% %>=}}\n\n  <%name"))
    #expect((error.line, error.column) == (3, 3))
    #expect(error.message == "unclosed tag; add '%>' to close it")
  }

  @Test(arguments: [
    ("{{=<% =}}", "invalid set-delimiter tag: expected two delimiters separated by a space, like '{{=<% %>=}}'"),
    ("{{=a b c=}}", "invalid set-delimiter tag: expected two delimiters separated by a space, like '{{=<% %>=}}'"),
    ("{{=a= b=}}", "invalid set-delimiter tag: delimiters must not contain '='"),
  ])
  func badSetDelimiter(source: String, message: String) throws {
    let error = try #require(parseError("ok\n x " + source))
    #expect((error.line, error.column) == (2, 4))
    #expect(error.message == message)
  }

  @Test func setDelimiterWithoutClosingEquals() throws {
    let error = try #require(parseError("{{=<% %>}}"))
    #expect((error.line, error.column) == (1, 1))
    #expect(error.message.hasPrefix("unclosed set-delimiter tag; it must end with '=}}'"))
  }

  @Test func emptyAndMalformedNames() throws {
    let empty = try #require(parseError("a {{ }}"))
    #expect((empty.column, empty.message) == (3, "empty tag; put a name between the delimiters"))
    let spaced = try #require(parseError("{{first name}}"))
    #expect(spaced.message.hasPrefix("tag name 'first name' contains whitespace"))
    let dotted = try #require(parseError("{{#a..b}}{{/a..b}}"))
    #expect(dotted.message.hasPrefix("invalid name 'a..b'"))
  }

  @Test func inheritanceTagsAreRejected() throws {
    let error = try #require(parseError("{{<base}}{{/base}}"))
    #expect(error.message.hasPrefix("template inheritance tags"))
  }

  @Test func columnsCountCharactersNotBytes() throws {
    let error = try #require(parseError("日本語 👋🏽 {{#x}}"))
    #expect((error.line, error.column) == (1, 7))
  }

  @Test func descriptionFormat() {
    let error = TemplateError(name: "t.mustache", line: 12, column: 5, message: "unclosed section 'releases'")
    #expect(error.description == "t.mustache:12:5: unclosed section 'releases'")
  }
}

@Suite("Values, Unicode and performance")
struct MiscellaneousTests {
  @Test func literalsBuildTheExpectedValues() {
    let value: TemplateValue = ["a": 1, "b": [true, nil, 1.5, "s"], "c": [:]]
    let explicit = TemplateValue.object([
      "a": .int(1), "b": .array([.bool(true), .null, .double(1.5), .string("s")]), "c": .object([:]),
    ])
    #expect(value == explicit)
  }

  @Test func nonLatinTextRoundTrips() throws {
    let source = "こんにちは、{{name}}さん — {{greeting}} — {{emoji}}\n{{#list}}・{{.}}\n{{/list}}"
    let value: TemplateValue = [
      "name": "山田", "greeting": "مرحبا بالعالم", "emoji": "👩‍💻🇯🇵👋🏽", "list": ["一", "二"],
    ]
    let output = try render(source, value)
    #expect(output == "こんにちは、山田さん — مرحبا بالعالم — 👩‍💻🇯🇵👋🏽\n・一\n・二\n")
  }

  @Test func nonASCIIDelimiters() throws {
    #expect(try render("{{=« »=}}«name» «#xs»«.»«/xs»", ["name": "名前", "xs": [1, 2]]) == "名前 12")
  }

  @Test func twentyThousandItemsRenderWithinTheStepLimit() throws {
    let items = TemplateValue.array((0..<20_000).map { ["id": .int($0), "title": .string("item <\($0)>")] })
    let template = try Template("{{#items}}\n- {{id}}: {{title}}{{#id}} ({{id}}){{/id}}\n{{/items}}\n")
    let output = try template.render(["items": items])
    #expect(output.split(separator: "\n").count == 20_000)
    #expect(output.hasSuffix("- 19999: item &lt;19999&gt; (19999)\n"))
  }

  @Test func sectionsNestedInThemselvesStopAtTheStepLimit() throws {
    // Thirty nested sections over a two-item list would be 2^30 passes.
    let source =
      "# Report\n\n  " + String(repeating: "{{#xs}}", count: 30) + "x" + String(repeating: "{{/xs}}", count: 30)
    let template = try Template(source, name: "mine.mustache")
    do {
      _ = try template.render(["xs": [1, 2]], stepLimit: 100_000)
      Issue.record("a runaway render finished")
    } catch {
      #expect(error.name == "mine.mustache")
      #expect(error.line == 3 && error.column == 3, "names the outermost section: \(error)")
      #expect(error.message.contains("repeats inside itself"))
    }
  }

  @Test func sectionsNestedPastTheLimitAreAParseError() throws {
    let source = String(repeating: "{{#on}}", count: 101) + String(repeating: "{{/on}}", count: 101)
    #expect(throws: TemplateError.self) { try Template(source) }
    let deepest = String(repeating: "{{#on}}", count: 100) + "x" + String(repeating: "{{/on}}", count: 100)
    #expect(try Template(deepest).render(["on": true]) == "x")
  }

  @Test func theDeepestRenderFitsInASmallThreadStack() async throws {
    // Sections as deep as the parser allows, around a partial that opens a section and includes itself: the
    // render stops at the depth limit with an error, inside a 512 KiB stack (a secondary thread's size on macOS).
    let partial = try Template("{{#on}}{{>p}}{{/on}}", name: "p")
    let page = try Template(
      String(repeating: "{{#on}}", count: 99) + "{{>p}}" + String(repeating: "{{/on}}", count: 99), name: "deep")
    let outcome = LockedOutcome()
    let thread = Thread {
      do {
        _ = try page.render(["on": true], partials: ["p": partial])
        outcome.set("rendered")
      } catch {
        outcome.set("\(error)")
      }
    }
    thread.stackSize = 512 * 1_024
    thread.start()
    let deadline = Date().addingTimeInterval(120)
    while outcome.value == nil, Date() < deadline { try await Task.sleep(for: .milliseconds(10)) }
    #expect(outcome.value?.hasPrefix("deep:1:1: rendering stopped inside this tag: sections and partials nest") == true)
  }

  @Test func aPartialThatIncludesItselfTwiceStopsAtTheStepLimit() throws {
    let twice = try Template("({{>twice}}{{>twice}})", name: "twice")
    let page = try Template("top\n{{#on}}{{>twice}}{{/on}}", name: "page.mustache")
    do {
      _ = try page.render(["on": true], partials: ["twice": twice], stepLimit: 50_000)
      Issue.record("2^100 partial expansions finished")
    } catch {
      #expect(error.description.hasPrefix("page.mustache:2:1: rendering stopped after 50000 steps"))
    }
  }

  @Test func templatesRenderConcurrently() async throws {
    let template = try Template("{{#xs}}{{.}}{{/xs}}")
    let results = await withTaskGroup(of: String.self) { group in
      for index in 0..<8 {
        group.addTask { (try? template.render(["xs": [.int(index), .int(index)]])) ?? "failed" }
      }
      var collected: [String] = []
      for await result in group {
        collected.append(result)
      }
      return collected
    }
    #expect(Set(results) == Set((0..<8).map { "\($0)\($0)" }))
  }
}

/// The outcome of a render on a thread of its own.
private final class LockedOutcome: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: String?
  func set(_ value: String) { lock.withLock { stored = value } }
  var value: String? { lock.withLock { stored } }
}
