/// Every kind of file the site has, in the order `PagePlanner` plans them: the sitemap after the pages
/// it lists, the redirects last (they avoid every other path). A new kind is added here and declared
/// in a file of its own (see `PageKind`).
enum PageKinds {
    static var all: [any PageKind.Type] {
        [
            HomePage.self, CategoryPage.self, CategoryFeed.self, CategoryListData.self, TagIndexPage.self, TagPage.self,
            TagFeed.self, TagListData.self,
            WebsiteIndexPage.self, WebsitePage.self,
            LinkPage.self, ArchivePage.self, ArchiveYearPage.self, ArchiveMonthPage.self, NewPage.self, NewFeed.self,
            SearchPage.self,
            PrintPage.self,
            NotFoundPage.self, BrokenLinksPage.self, SavePage.self, WebManifest.self, AtomFeedFile.self,
            JSONFeedFile.self,
            BookmarksFile.self, LinksJSON.self, SearchIndexFile.self, SearchIndexScript.self, SearchShardFiles.self,
            SitemapFile.self, AssetFile.self, ListToolsScript.self, RedirectPage.self,
        ]
    }
}
