import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// An XML document read by libxml2 (through Foundation's XMLParser), which refuses anything not well-formed:
/// the strict reading a feed reader may do.
final class XMLTree: NSObject, XMLParserDelegate {
  final class Element {
    let name: String
    let namespace: String?
    let attributes: [String: String]
    var text = ""
    var children: [Element] = []

    init(name: String, namespace: String?, attributes: [String: String]) {
      self.name = name
      self.namespace = namespace
      self.attributes = attributes
    }

    func all(_ name: String) -> [Element] { children.filter { $0.name == name } }
    func one(_ name: String) -> Element? {
      let found = all(name)
      return found.count == 1 ? found[0] : nil
    }
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  private var stack: [Element] = []
  private var root: Element?

  static func parse(_ data: Data) throws -> Element {
    let tree = XMLTree()
    let parser = XMLParser(data: data)
    parser.shouldProcessNamespaces = true
    parser.shouldResolveExternalEntities = false
    parser.delegate = tree
    guard parser.parse(), let root = tree.root else {
      throw Failure(
        description: "not well-formed XML at line \(parser.lineNumber): \(parser.parserError.map { "\($0)" } ?? "?")")
    }
    return root
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    stack.append(Element(name: elementName, namespace: namespaceURI, attributes: attributes))
  }

  func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
    guard let element = stack.popLast() else { return }
    if let parent = stack.last { parent.children.append(element) } else { root = element }
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    stack.last?.text += string
  }
}
