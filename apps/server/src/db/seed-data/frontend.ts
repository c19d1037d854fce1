import type { SeedCategory } from './types';

export const frontend: SeedCategory = {
  name: 'Frontend',
  icon: '🎨',
  description: 'JavaScript, React, the browser and how to build fast, accessible interfaces.',
  sets: [
    {
      title: 'JavaScript Fundamentals',
      description:
        'The language questions every frontend interview starts with: scope, closures, the event loop, equality and asynchronous code.',
      type: 'fixed',
      difficulty: 'junior',
      duration: 30,
      showHome: true,
      topics: ['JavaScript', 'Closures', 'Event Loop', 'Promises', 'ES6+'],
      questions: [
        {
          questionText:
            'What is a closure in JavaScript, and can you give an example of where you would use one?',
          expectedAnswer:
            'A closure is a function that keeps access to the variables of the scope it was created in, even after that outer function has returned. It happens because functions capture their lexical environment. Typical uses are data privacy (a counter or module whose state is only reachable through returned functions), function factories that pre-configure behaviour, and callbacks or event handlers that need values from the surrounding scope. A classic pitfall is creating closures in a loop with var, which shares one binding; let creates a new binding per iteration.',
          kind: 'technical',
          keyPoints: [
            'A closure is a function that keeps access to the variables of the scope it was created in',
            'The outer variables stay reachable after the outer function has returned',
            'Closures give data privacy, such as a counter whose state only returned functions can reach',
            'Function factories pre-configure behaviour with closures',
            'Callbacks and event handlers use values from the surrounding scope',
            'Closures created in a loop with var share one binding; let creates a new binding per iteration',
          ],
          difficulty: 'easy',
          timeLimit: 240,
        },
        {
          questionText: 'Explain the difference between var, let and const.',
          expectedAnswer:
            'var is function-scoped, is hoisted and initialised to undefined, and can be redeclared. let and const are block-scoped and are hoisted but stay in the temporal dead zone until their declaration runs, so using them earlier throws a ReferenceError. const prevents reassignment of the binding, but an object or array held in a const can still be mutated. Modern code prefers const by default and let when a value must change, and avoids var.',
          kind: 'technical',
          keyPoints: [
            'var is function-scoped and can be redeclared',
            'var is hoisted and initialised to undefined',
            'let and const are block-scoped',
            'let and const stay in the temporal dead zone until their declaration, so earlier use throws a ReferenceError',
            'const prevents reassignment, but an object or array held in a const can still be mutated',
            'Prefer const by default, let when the value must change, and avoid var',
          ],
          difficulty: 'easy',
          timeLimit: 180,
        },
        {
          questionText:
            'How does the JavaScript event loop work? Where do promises and setTimeout callbacks fit in?',
          expectedAnswer:
            'JavaScript runs on a single thread with a call stack. When the stack is empty, the event loop takes work from queues. Promise reactions and queueMicrotask go to the microtask queue, which is drained completely after each task, before rendering. setTimeout, I/O and UI events are macrotasks, taken one per loop iteration. So a resolved promise callback runs before a setTimeout of zero. Long synchronous work blocks the loop, which freezes rendering and input.',
          kind: 'technical',
          keyPoints: [
            'JavaScript runs on a single thread with a call stack',
            'When the call stack is empty, the event loop takes the next task from a queue',
            'Promise callbacks go to the microtask queue, which is drained after each task',
            'setTimeout, I/O and UI events are macrotasks, one per loop iteration',
            'A resolved promise callback runs before a setTimeout of zero',
            'Long synchronous work blocks the loop and freezes rendering and input',
          ],
          difficulty: 'medium',
          timeLimit: 300,
        },
        {
          questionText: 'What is the difference between == and === in JavaScript?',
          expectedAnswer:
            "=== is strict equality: it compares type and value without conversion. == is loose equality and applies type coercion first, which gives surprising results such as 0 == '' and null == undefined being true. Objects are compared by reference under both. Best practice is to use === everywhere, except perhaps the deliberate x == null check that matches both null and undefined.",
          kind: 'technical',
          keyPoints: [
            '=== compares type and value without conversion',
            '== applies type coercion before comparing',
            "Coercion gives surprising results such as 0 == '' and null == undefined",
            'Objects are compared by reference with both operators',
            'Use === everywhere, except perhaps a deliberate x == null check',
          ],
          difficulty: 'easy',
          timeLimit: 180,
        },
        {
          questionText: 'Explain promises and async/await. How do you handle errors with each?',
          expectedAnswer:
            'A promise represents a value that will be available later and is pending, fulfilled or rejected. then and catch register callbacks and return new promises, which allows chaining. async functions always return a promise, and await pauses the function until a promise settles, making asynchronous code read sequentially. Errors are handled with catch on a chain or try/catch around await. Promise.all runs work in parallel and rejects on the first failure, while Promise.allSettled waits for all. Forgetting to await or to handle a rejection leads to unhandled rejections.',
          kind: 'technical',
          keyPoints: [
            'A promise represents a value available later: pending, fulfilled or rejected',
            'then and catch return new promises, which allows chaining',
            'An async function always returns a promise',
            'await pauses the function until the promise settles',
            'Errors are handled with catch on a chain or try/catch around await',
            'Promise.all rejects on the first failure; Promise.allSettled waits for every result',
            'A missing await or catch leads to unhandled rejections',
          ],
          difficulty: 'medium',
          timeLimit: 300,
        },
        {
          questionText:
            'What does the this keyword refer to, and how do arrow functions change it?',
          expectedAnswer:
            'this is decided by how a function is called: as a method it is the object before the dot, called plainly it is undefined in strict mode (or the global object otherwise), with new it is the new instance, and call, apply and bind set it explicitly. Arrow functions do not have their own this; they use the this of the enclosing scope lexically, which makes them convenient for callbacks inside methods but unsuitable as object methods that need their own this.',
          kind: 'technical',
          keyPoints: [
            'this depends on how the function is called',
            'Called as a method, this is the object before the dot',
            'Called plainly, this is undefined in strict mode or the global object otherwise',
            'With new, this is the new instance',
            'call, apply and bind set this explicitly',
            'Arrow functions have no own this and use the this of the enclosing scope',
          ],
          difficulty: 'medium',
          timeLimit: 300,
        },
      ],
    },
    {
      title: 'React in Practice',
      description:
        'Hooks, rendering, state management and the performance questions teams ask mid-level React engineers.',
      type: 'fixed',
      difficulty: 'mid',
      duration: 45,
      showHome: true,
      topics: ['React', 'Hooks', 'State Management', 'Performance', 'TypeScript'],
      questions: [
        {
          questionText:
            'How does React decide when to re-render a component, and how do you avoid unnecessary re-renders?',
          expectedAnswer:
            'A component re-renders when its state changes, when its parent re-renders, or when a context it reads changes. React then reconciles the new element tree against the previous one and updates only the DOM that differs. To avoid wasted renders you keep state as local as possible, split components, memoise expensive children with React.memo, keep props referentially stable with useMemo and useCallback, and avoid putting fast-changing values in broad contexts. Measure first with the React Profiler rather than memoising everything.',
          kind: 'technical',
          keyPoints: [
            'A component re-renders when its state changes',
            'A component re-renders when its parent re-renders',
            'A component re-renders when a context it reads changes',
            'Keep state local and split components',
            'React.memo skips rendering a child whose props are unchanged',
            'useMemo and useCallback keep props referentially stable',
            'Measure with the React Profiler before memoising',
          ],
          difficulty: 'medium',
          timeLimit: 360,
        },
        {
          questionText:
            'Explain useEffect: when does it run, what is the dependency array for, and what is the cleanup function?',
          expectedAnswer:
            'useEffect runs after React has committed the render to the screen. The dependency array tells React to re-run the effect only when one of the listed values changed; an empty array runs it once after mount, and no array runs it after every render. The function returned from the effect is the cleanup: it runs before the effect runs again and when the component unmounts, and is used to unsubscribe, clear timers or abort requests. Missing dependencies cause stale values; effects are for synchronising with external systems, not for deriving state.',
          kind: 'technical',
          keyPoints: [
            'useEffect runs after React commits the render to the screen',
            'The dependency array re-runs the effect only when a listed value changes',
            'An empty array runs the effect once after mount; no array runs it after every render',
            'The cleanup function runs before the effect runs again and on unmount',
            'Cleanup unsubscribes, clears timers or aborts requests',
            'Missing dependencies cause stale values',
          ],
          difficulty: 'medium',
          timeLimit: 300,
        },
        {
          questionText:
            'Why do lists in React need keys, and what goes wrong if you use the array index as the key?',
          expectedAnswer:
            'Keys let React match list items between renders so it can keep the right component state and DOM nodes when items are added, removed or reordered. Keys must be stable and unique among siblings, usually an id from the data. Using the index breaks when the order changes or items are inserted: React reuses the wrong component instance, so input values, focus and local state end up attached to the wrong item, and it may re-render more than needed.',
          kind: 'technical',
          keyPoints: [
            'Keys let React match list items between renders',
            'Keys must be stable and unique among siblings, usually an id from the data',
            'Index keys break when items are reordered, inserted or removed',
            'With index keys, input values and local state end up on the wrong item',
          ],
          difficulty: 'easy',
          timeLimit: 240,
        },
        {
          questionText:
            'How would you manage state in a growing React application? When do you reach for context or a library?',
          expectedAnswer:
            'Start with local component state and lift it up only as far as needed. Server data is best handled by a data-fetching cache such as TanStack Query, which takes care of caching, refetching and loading states, rather than global stores. Context is good for values that change rarely and are needed widely, such as theme or the current user, but every consumer re-renders on change. For complex, frequently changing client state shared across distant components, a store such as Redux Toolkit or Zustand with selectors avoids those re-renders. URL state is right for filters and pagination.',
          kind: 'technical',
          keyPoints: [
            'Start with local state and lift it only as far as needed',
            'Server data belongs in a data-fetching cache such as TanStack Query',
            'Context suits values that change rarely, such as the theme or the current user',
            'Every context consumer re-renders when the value changes',
            'A store such as Redux Toolkit or Zustand with selectors suits complex shared client state',
            'Filters and pagination belong in the URL',
          ],
          difficulty: 'medium',
          timeLimit: 420,
        },
        {
          questionText: 'What is the difference between controlled and uncontrolled form inputs?',
          expectedAnswer:
            'A controlled input takes its value from React state and reports changes through onChange, so React is the single source of truth, which makes validation and conditional UI straightforward but renders on every keystroke. An uncontrolled input keeps its value in the DOM and is read with a ref or on submit, which is simpler and faster for large forms. Libraries such as react-hook-form use uncontrolled inputs with refs for performance while still offering validation.',
          kind: 'technical',
          keyPoints: [
            'A controlled input takes its value from React state and reports changes through onChange',
            'Controlled inputs make validation easy but render on every keystroke',
            'An uncontrolled input keeps its value in the DOM',
            'An uncontrolled input is read with a ref or on submit',
            'react-hook-form uses uncontrolled inputs for performance',
          ],
          difficulty: 'easy',
          timeLimit: 240,
        },
        {
          questionText:
            'A page in your React app feels slow. Walk me through how you would find and fix the problem.',
          expectedAnswer:
            'First measure: reproduce it, use the browser Performance panel and the React Profiler to see whether the cost is JavaScript, rendering, layout or network, and check Core Web Vitals such as LCP and INP. Common fixes are reducing unnecessary re-renders with memoisation and better state placement, virtualising long lists, code splitting routes and heavy components with lazy loading, debouncing expensive handlers, moving work off the main thread, optimising images and bundle size, and caching or prefetching data. Verify each change with the same measurement.',
          kind: 'technical',
          keyPoints: [
            'Measure first with the browser Performance panel and the React Profiler',
            'Check Core Web Vitals such as LCP and INP',
            'Reduce unnecessary re-renders with memoisation and better state placement',
            'Virtualise long lists',
            'Code-split routes and heavy components with lazy loading',
            'Optimise images and bundle size',
            'Verify each change with the same measurement',
          ],
          difficulty: 'hard',
          timeLimit: 600,
        },
      ],
    },
    {
      title: 'Frontend Architecture & Performance',
      description:
        'An open conversation about structuring large frontends, rendering strategies, accessibility and web performance.',
      type: 'topic-based',
      difficulty: 'senior',
      duration: 45,
      topics: [
        'Web Performance',
        'Rendering Strategies',
        'Accessibility',
        'Micro-frontends',
        'Design Systems',
      ],
      aiPrompt:
        'You are interviewing a senior frontend engineer. Probe trade-offs between client-side rendering, server-side rendering and static generation, how they would structure a large codebase and design system, how they measure and improve Core Web Vitals, and how they make interfaces accessible. Ask for concrete examples from their experience.',
    },
  ],
};
