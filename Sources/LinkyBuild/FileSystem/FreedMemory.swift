import CLinkySystem

/// The pages of memory a large build has freed, given back to the system (glibc's `malloc_trim`;
/// nothing elsewhere): after a large collection's texts and parses are dropped, so that the stages
/// after them do not add their peak to memory the allocator kept.
enum FreedMemory {
    static func giveBack() {
        linky_return_free_memory()
    }
}
