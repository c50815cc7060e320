// SPDX-License-Identifier: Apache-2.0
extension RandomAccessCollection where Index == Int {
    /// The index of the element whose `key` is `target`, in a collection sorted by increasing `key` (a binary
    /// search), or `nil`: the sessions by id, a session's matched channel serials.
    func sortedIndex<Key: Comparable>(of target: Key, by key: (Element) -> Key) -> Int? {
        var low = startIndex, high = endIndex
        while low < high {
            let middle = (low + high) / 2
            if key(self[middle]) < target { low = middle + 1 } else { high = middle }
        }
        return low < endIndex && key(self[low]) == target ? low : nil
    }
}
