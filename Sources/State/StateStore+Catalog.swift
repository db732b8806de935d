public import Catalog

// The state keeps what the catalog pass, the cover check and the ledger of releases told declare they need.
extension StateStore: CatalogStore, LedgerStore {}
