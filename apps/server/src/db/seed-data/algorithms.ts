import { codingRound } from './coding';
import type { SeedCategory } from './types';

export const algorithms: SeedCategory = {
  name: 'Data Structures & Algorithms',
  icon: '🧮',
  description: 'Complexity, core data structures and explaining an algorithm out loud.',
  sets: [
    {
      title: 'Core Data Structures',
      description:
        'Arrays, hash maps, stacks, queues, trees and Big-O, explained clearly and concisely.',
      type: 'fixed',
      difficulty: 'junior',
      duration: 30,
      showHome: true,
      topics: ['Big-O', 'Hash Tables', 'Linked Lists', 'Trees', 'Stacks and Queues'],
      questions: [
        {
          questionText:
            'What is Big-O notation? What are the time complexities of searching a sorted array and an unsorted array?',
          expectedAnswer:
            'Big-O describes how the running time or memory of an algorithm grows with the input size in the worst case, ignoring constants and lower-order terms. Searching an unsorted array needs a linear scan, O(n). A sorted array allows binary search, halving the range each step, O(log n). Other common classes are O(1) constant, O(n log n) for efficient sorting and O(n squared) for nested loops over the input.',
          kind: 'technical',
          keyPoints: [
            'Big-O describes how running time or memory grows with the input size',
            'Big-O ignores constants and lower-order terms',
            'Searching an unsorted array is a linear scan, O(n)',
            'A sorted array allows binary search, O(log n)',
            'Other classes: O(1), O(n log n) sorting, O(n squared) nested loops',
          ],
          difficulty: 'easy',
          timeLimit: 240,
        },
        {
          questionText: 'How does a hash table work, and what happens when two keys collide?',
          expectedAnswer:
            'A hash table stores key-value pairs in an array of buckets: a hash function turns the key into an index. Lookup, insert and delete are O(1) on average. A collision is when two keys map to the same bucket; it is handled by chaining, where each bucket holds a list, or by open addressing, where you probe for the next free slot. When the load factor grows the table is resized and entries rehashed. A poor hash function or many collisions degrades operations towards O(n).',
          kind: 'technical',
          keyPoints: [
            'A hash function turns the key into an index into an array of buckets',
            'Lookup, insert and delete are O(1) on average',
            'A collision is when two keys map to the same bucket',
            'Chaining keeps a list in each bucket',
            'Open addressing probes for the next free slot',
            'The table is resized and rehashed when the load factor grows',
            'Many collisions degrade operations towards O(n)',
          ],
          difficulty: 'easy',
          timeLimit: 300,
        },
        {
          questionText: 'Compare arrays and linked lists. When would you choose a linked list?',
          expectedAnswer:
            'Arrays store elements contiguously: O(1) random access by index and good cache locality, but inserting or deleting in the middle is O(n) because elements shift, and growing may require copying. Linked lists store nodes with pointers: O(1) insert or delete at a known node or at the head, but O(n) access by position and poorer cache behaviour. A linked list fits when you frequently insert and remove at the ends or in the middle given a reference, as in queues or LRU caches combined with a hash map.',
          kind: 'technical',
          keyPoints: [
            'Arrays store elements contiguously with O(1) access by index',
            'Arrays have good cache locality',
            'Inserting or deleting in the middle of an array is O(n)',
            'Linked lists insert or delete at a known node in O(1)',
            'Linked lists need O(n) to reach a position',
            'Linked lists suit queues and LRU caches combined with a hash map',
          ],
          difficulty: 'easy',
          timeLimit: 240,
        },
        {
          questionText:
            'Explain the difference between a stack and a queue and give a real use for each.',
          expectedAnswer:
            'A stack is last-in, first-out: push and pop at the same end, both O(1). It is used for function call stacks, undo history, matching brackets and depth-first search. A queue is first-in, first-out: enqueue at the back and dequeue from the front. It is used for task scheduling, buffering requests, printer jobs and breadth-first search. A deque allows both ends, and a priority queue, usually a heap, serves the highest-priority item first.',
          kind: 'technical',
          keyPoints: [
            'A stack is last-in, first-out',
            'Stacks serve call stacks, undo history, bracket matching and depth-first search',
            'A queue is first-in, first-out',
            'Queues serve task scheduling, buffering requests and breadth-first search',
            'Push, pop, enqueue and dequeue are O(1)',
          ],
          difficulty: 'easy',
          timeLimit: 240,
        },
        {
          questionText:
            'What is a binary search tree, and why does it matter whether it is balanced?',
          expectedAnswer:
            'A binary search tree keeps, for every node, smaller keys in the left subtree and larger keys in the right, so search, insert and delete follow one path from the root: O(h) where h is the height. An in-order traversal yields sorted keys. If the tree is balanced the height is O(log n); inserting sorted data into a plain BST makes it degenerate into a linked list with O(n) operations. Self-balancing trees such as AVL or red-black trees rotate nodes to keep the height logarithmic.',
          kind: 'technical',
          keyPoints: [
            'Smaller keys go in the left subtree and larger keys in the right',
            'Search, insert and delete follow one path: O(h), the height',
            'An in-order traversal yields sorted keys',
            'A balanced tree has height O(log n)',
            'Inserting sorted data degenerates a plain BST into a linked list with O(n) operations',
            'AVL and red-black trees rotate nodes to stay balanced',
          ],
          difficulty: 'medium',
          timeLimit: 300,
        },
        {
          questionText:
            'How would you find whether an array contains two numbers that add up to a target? Explain the complexity.',
          expectedAnswer:
            'The brute force checks every pair, O(n squared) time. A better approach makes one pass with a hash set: for each number, check whether target minus the number is already in the set; if so, the pair exists, otherwise add the number. That is O(n) time and O(n) extra space. If the array is sorted, two pointers from both ends moving inward give O(n) time and O(1) space. Mention edge cases such as duplicates and an empty array.',
          kind: 'technical',
          keyPoints: [
            'Brute force checks every pair in O(n squared) time',
            'One pass with a hash set: check whether target minus the number was seen',
            'The hash set approach is O(n) time and O(n) space',
            'On a sorted array, two pointers from both ends give O(1) space',
            'Consider duplicates and an empty array',
          ],
          difficulty: 'medium',
          timeLimit: 360,
        },
      ],
    },
    {
      title: 'Algorithmic Problem Solving',
      description:
        'Think out loud through coding problems: approach, complexity, edge cases and testing.',
      type: 'topic-based',
      difficulty: 'mid',
      duration: 45,
      topics: ['Arrays and Strings', 'Recursion', 'Dynamic Programming', 'Graphs', 'Sorting'],
      aiPrompt:
        'Give the candidate classic algorithm problems one at a time (for example two-sum variants, merging intervals, detecting a cycle in a graph, climbing stairs with dynamic programming). Because this is a voice interview, ask them to explain their approach, complexity and edge cases in words rather than write code, and nudge them with hints if they are stuck.',
    },
    codingRound,
  ],
};
