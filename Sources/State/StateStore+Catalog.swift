public import Catalog
public import Night

// The state keeps what the catalog pass, the cover check, the ledger of releases told and the night's run log
// declare they need.
extension StateStore: CatalogStore, LedgerStore, RunLog {}
