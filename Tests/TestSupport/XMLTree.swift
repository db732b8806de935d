public import Foundation

#if canImport(FoundationXML)
  public import FoundationXML
#endif

/// An XML document read by libxml2 (through Foundation's XMLParser), which refuses anything not well-formed:
/// the strict reading a feed reader may do.
public final class XMLTree: NSObject, XMLParserDelegate {
  public final class Element {
    public let name: String
    public let namespace: String?
    public let attributes: [String: String]
    public var text = ""
    public var children: [Element] = []

    public init(name: String, namespace: String?, attributes: [String: String]) {
      self.name = name
      self.namespace = namespace
      self.attributes = attributes
    }

    public func all(_ name: String) -> [Element] { children.filter { $0.name == name } }
    public func one(_ name: String) -> Element? {
      let found = all(name)
      return found.count == 1 ? found[0] : nil
    }
  }

  public struct Failure: Error, CustomStringConvertible {
    public var description: String

    public init(description: String) {
      self.description = description
    }
  }

  private var stack: [Element] = []
  private var root: Element?

  public static func parse(_ data: Data) throws -> Element {
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

  public func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    stack.append(Element(name: elementName, namespace: namespaceURI, attributes: attributes))
  }

  public func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
  ) {
    guard let element = stack.popLast() else { return }
    if let parent = stack.last { parent.children.append(element) } else { root = element }
  }

  public func parser(_ parser: XMLParser, foundCharacters string: String) {
    stack.last?.text += string
  }
}
