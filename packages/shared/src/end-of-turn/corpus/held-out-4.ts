import type { EndOfTurnCase } from './types.js';

/**
 * Fourth held-out part: roles and settings the earlier parts do not cover (game development,
 * firmware, lab science, pharmacy, aviation maintenance, journalism, architecture, social work,
 * consulting cases, public sector, trades, PhD admissions, coaching, data science, security
 * operations and a few more), spoken by many kinds of candidate. Written from README.md and
 * types.ts only, without reading the rules or the other parts, so it can judge the rules honestly.
 * Never tune on it.
 */
export const HELD_OUT_4_CASES: EndOfTurnCase[] = [
  // --- Game development ---
  {
    heard:
      'I mostly worked in Unity with C# and for the last two years in Unreal with blueprints and some C++',
    source: 'browser',
    kind: 'finished',
    note: 'A complete statement of the engines used; nothing is owed.',
  },
  {
    heard: 'the frame rate dropped to about 20 on the switch because',
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 1800,
    continuation: 'we were doing a full physics raycast for every bullet every frame',
    note: 'Trailing "because": the cause has not been given.',
  },
  {
    heard:
      'We shipped it in about eleven months, which for a team of six felt like a miracle, honestly.',
    source: 'server',
    kind: 'finished',
    note: 'Complete sentence; the closing "honestly" is a tag, not an opening.',
  },
  {
    heard:
      'There were two big problems with the save system. The first was that it wrote the whole world state on every checkpoint.',
    source: 'server',
    kind: 'unfinished',
    pauseMs: 2600,
    continuation:
      'The second was that nobody had versioned the format, so old saves broke after every patch.',
    note: 'Two problems announced, only the first delivered, though every sentence is complete.',
  },
  {
    heard: 'when you say optimisation do you mean CPU side or draw calls',
    source: 'browser',
    kind: 'question',
    note: 'Asks the interviewer to narrow the question; no question mark from the browser.',
  },
  {
    heard: "And yeah, that's pretty much my answer on the netcode.",
    source: 'server',
    kind: 'done',
    note: 'Says the answer is over, naming its topic.',
  },
  {
    heard:
      'the designers loved it but the players found it too grindy so we cut the XP curve in half',
    source: 'browser',
    kind: 'finished',
    note: 'The anecdote reaches its outcome.',
  },
  {
    heard: 'so the boss fight had like three phases and in the second phase the',
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 1400,
    continuation: 'arena floor would start collapsing under you',
    note: 'Stops on an article, three phases announced and one barely begun.',
  },
  {
    heard:
      "I'd use an object pool for the projectiles rather than instantiating them; that's the first thing I'd reach for.",
    source: 'server',
    kind: 'finished',
    note: '"The first thing I\'d reach for" means the go-to choice, not step one of a list; closed.',
  },
  {
    heard: 'Let me explain how our ECS was laid out.',
    source: 'server',
    kind: 'unfinished',
    pauseMs: 2100,
    continuation: 'Every entity was just an ID, and components lived in packed arrays per type.',
    note: 'A "let me" announcement: the explanation itself is still owed.',
  },
  {
    heard: 'Godot mostly',
    source: 'browser',
    kind: 'finished',
    note: 'Terse but complete answer to "which engine".',
  },
  {
    heard: 'The reason the build kept failing on the PlayStation dev kit was.',
    source: 'server',
    kind: 'unfinished',
    pauseMs: 3200,
    continuation: 'a shader that compiled fine on PC but blew a register limit on the console.',
    note: 'Whisper put a full stop after "was"; the complement is missing.',
  },
  {
    heard:
      'so the situation was our multiplayer beta was crashing for about 10% of players and my task was to find out why I added crash reporting with symbols and within a day we could see it was a race condition in the lobby code when two players left at the same time I put a lock around the player list and wrote a test that simulated hundreds of players leaving at once and after the patch the crash rate dropped to basically zero and we launched on time',
    source: 'browser',
    kind: 'finished',
    note: 'A long unpunctuated STAR story that reaches its result.',
  },
  {
    heard: 'Is that the sort of example you were looking for?',
    source: 'server',
    kind: 'question',
    note: 'Checks with the interviewer whether the example fits.',
  },

  // --- Embedded and firmware ---
  {
    heard:
      'I wrote the bootloader for an STM32 board, including the CRC check on the image before jumping to it.',
    source: 'server',
    kind: 'finished',
    note: 'Complete description of the work, ends on "it".',
  },
  {
    heard: 'the watchdog kept resetting the board and it turned out the interrupt handler was',
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 2300,
    continuation: 'blocking on a mutex that the main loop was holding',
    note: 'Verb waiting for its complement ("was …").',
  },
  {
    heard: "I would never call malloc inside an ISR that's just asking for trouble",
    source: 'browser',
    kind: 'finished',
    note: 'Two run-together complete clauses; the point is made.',
  },
  {
    heard: 'So I put a logic analyser on the SPI lines, and what I saw was —',
    source: 'server',
    kind: 'unfinished',
    pauseMs: 1900,
    continuation: 'the chip select going high halfway through a transfer.',
    note: 'Cut off with a dash after "what I saw was".',
  },
  {
    heard: 'Sorry, is this a bare-metal system or are we assuming an RTOS?',
    source: 'server',
    kind: 'question',
    note: 'Clarifying question about the setting.',
  },
  {
    heard: 'In my last company we have used FreeRTOS on all devices, also for the small ones.',
    source: 'server',
    kind: 'finished',
    note: 'German-English phrasing ("we have used", "also for"); complete statement.',
  },
  {
    heard: 'first I check datasheet for timing and then',
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 1500,
    continuation: 'I write small test firmware only for this peripheral',
    note: 'Russian-English article dropping; trailing "and then".',
  },
  {
    heard: "ok that's all I can tell you about the I2C bug",
    source: 'browser',
    kind: 'done',
    note: 'Says the account is over.',
  },
  {
    heard:
      "volatile tells the compiler not to optimise away reads of that register that's the short version",
    source: 'browser',
    kind: 'finished',
    note: 'Definition given, closed by "that\'s the short version" (not a done phrase).',
  },
  {
    heard: "There are three things I check when a board won't boot. Power.",
    source: 'server',
    kind: 'unfinished',
    pauseMs: 1200,
    continuation: 'Then the clock, and then whether the reset line is actually being released.',
    note: 'Three announced, one given as a one-word sentence.',
  },
  {
    heard:
      'The fix was one line: we moved the DMA buffer out of the cached region. Three weeks for one line.',
    source: 'server',
    kind: 'finished',
    note: 'Story closed with a wry verbless sentence.',
  },
  {
    heard: 'the memory map we ended up with put the stack right next to the',
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 1100,
    continuation: 'heap with no guard region which is how we got the corruption',
    note: 'Ends on an article.',
  },
  {
    heard: 'would it be ok if I drew the circuit on my notepad',
    source: 'browser',
    kind: 'question',
    note: 'Indirect request for permission.',
  },
  {
    heard:
      "I suppose what I'd say is that I've always been someone who likes to understand how things work underneath you know taking the radio apart as a kid and then at uni I did electronics and then I ended up in firmware because it's that bit where the software actually touches the real world and I still find that exciting after ten years",
    source: 'browser',
    kind: 'finished',
    note: 'Rambling but complete; a "you know" in the middle does not leave it open.',
  },
  {
    heard: 'For me it is important that the code is tested, and also that the...',
    source: 'server',
    kind: 'unfinished',
    pauseMs: 1800,
    continuation: 'documentation is complete before we flash it on the device.',
    note: 'German speaker trailing off on an article.',
  },

  // --- Biotech and lab science ---
  {
    heard: 'I ran the western blots myself and did the densitometry in ImageJ',
    source: 'browser',
    kind: 'finished',
    note: 'Complete answer about hands-on lab work.',
  },
  {
    heard:
      'We had a contamination problem in the cell culture room, and the first thing I did was...',
    source: 'server',
    kind: 'unfinished',
    pauseMs: 2700,
    continuation: 'pull every flask from that incubator and run mycoplasma tests on all of them.',
    note: 'The action is still owed ("the first thing I did was").',
  },
  {
    heard:
      "I'd repeat the assay with a fresh standard curve before trusting any of those numbers...",
    source: 'server',
    kind: 'finished',
    note: "Complete sentence; Whisper's ellipsis is only tone.",
  },
  {
    heard: 'could you clarify whether the role is more wet lab or more computational',
    source: 'browser',
    kind: 'question',
    note: 'Asks the interviewer to clarify the role.',
  },
  {
    heard: 'so it was a Friday evening and I was the only one left in the lab',
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 2400,
    continuation: 'and the minus 80 freezer alarm went off',
    note: 'A story stopped at its situation; the event has not happened yet.',
  },
  {
    heard: 'I have experience with PCR qPCR and also a little of CRISPR editing in mouse cells',
    source: 'browser',
    kind: 'finished',
    note: 'Spanish-English phrasing ("a little of"); complete list.',
  },
  {
    heard: "That's everything I wanted to say about the ELISA validation.",
    source: 'server',
    kind: 'done',
    note: 'Declares the answer over.',
  },
  {
    heard: 'My PhD was on protein folding, specifically the chaperones that.',
    source: 'server',
    kind: 'unfinished',
    pauseMs: 2000,
    continuation: 'help misfolded proteins get back into shape under heat stress.',
    note: 'A relative clause left hanging; Whisper closed it with a full stop.',
  },
  {
    heard: 'Honestly? Good documentation. It saved us during the FDA audit more than once.',
    source: 'server',
    kind: 'finished',
    note: 'Opens with a one-word rhetorical question that is then answered.',
  },
  {
    heard: 'i followed the SOP exactly except for the centrifuge speed which',
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 1700,
    continuation: 'we had to drop because the rotor was rated lower',
    note: 'Trailing relative "which".',
  },
  {
    heard:
      'I worked at the National Museum in Seoul as assistant curator, mainly for the Joseon ceramics collection.',
    source: 'server',
    kind: 'finished',
    note: 'Korean speaker, careful and complete.',
  },
  {
    heard: 'my strong point is I am very careful person so when I do the experiment I always',
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 2300,
    continuation: 'write everything in lab notebook even small things',
    note: 'Korean-English phrasing; "I always" waits for its verb.',
  },

  // --- Pharmacy ---
  {
    heard:
      'I would check the interaction on the system and then ring the prescriber before dispensing anything',
    source: 'browser',
    kind: 'finished',
    note: 'A complete procedure; "anything" closes it.',
  },
  {
    heard: 'The patient was on warfarin and had just been prescribed...',
    source: 'server',
    kind: 'unfinished',
    pauseMs: 1600,
    continuation: 'clarithromycin, which can push the INR right up.',
    note: 'The object of "prescribed" is missing.',
  },
  {
    heard:
      'I have been a pharmacist for seven years now, and I have worked in both hospital and community settings.',
    source: 'server',
    kind: 'finished',
    note: 'Nigerian English, formal and complete.',
  },
  {
    heard:
      'Do you want me to talk through the legal side of controlled drugs as well, or just the clinical side?',
    source: 'server',
    kind: 'question',
    note: 'Asks which part of the topic to cover.',
  },
  {
    heard: 'the key thing with a dispensing error is',
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 1300,
    continuation: 'you tell the patient straight away and you document it',
    note: 'Copula waiting for its complement.',
  },
  {
    heard: 'we counted the CDs every Sunday night without fail',
    source: 'browser',
    kind: 'finished',
    note: 'Short complete statement of a routine.',
  },
  {
    heard: "okay I'll stop talking now",
    source: 'browser',
    kind: 'done',
    note: 'Announces the end of the answer.',
  },
  {
    heard: 'Let me give you an example from when I was a pre-reg.',
    source: 'server',
    kind: 'unfinished',
    pauseMs: 1800,
    continuation:
      'A mum came in with a prescription for amoxicillin for her toddler, and the dose was ten times too high.',
    note: 'Example announced but not given.',
  },
  {
    heard: 'Counselling is the bit of the job I enjoy the most, to be fair.',
    source: 'server',
    kind: 'finished',
    note: 'Complete, closed by the tag "to be fair".',
  },
  {
    heard:
      'In Jordan I was working as a pharmacist in a big hospital, so I am used to very busy shifts.',
    source: 'server',
    kind: 'finished',
    note: 'Arabic speaker; complete cause and consequence.',
  },
  {
    heard: 'I worked two years in Riyadh in the hospital pharmacy and after that I',
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 2000,
    continuation: 'moved to the community pharmacy because of family',
    note: 'Subject with no verb after "after that I".',
  },
  {
    heard: 'The dose for a child that weight would be, let me see...',
    source: 'server',
    kind: 'unfinished',
    pauseMs: 3800,
    continuation:
      'about 240 milligrams, so one 5 ml spoon of the 250 suspension would be slightly over.',
    note: 'Working out a calculation aloud; the number is still owed.',
  },
  {
    heard: 'I did my house job in Lahore and then I came here for the pharmacy conversion course',
    source: 'browser',
    kind: 'finished',
    note: 'Pakistani English, a complete career summary.',
  },
  {
    heard: 'is it fine if I use an example from my summer placement at Boots',
    source: 'browser',
    kind: 'question',
    note: 'Asks permission to use a particular example.',
  },
  {
    heard:
      "I chose pharmacy over medicine because I wanted the chemistry more than the patients if that's a terrible thing to say",
    source: 'browser',
    kind: 'finished',
    note: 'Ends on a self-deprecating clause, but the reason is given in full.',
  },
  {
    heard:
      "In my country the pharmacist can give some antibiotics without prescription, but here in the UK it's different because...",
    source: 'server',
    kind: 'unfinished',
    pauseMs: 2200,
    continuation: 'everything must come from the prescriber, except under a PGD.',
    note: 'Spanish speaker trailing off on "because".',
  },
  {
    heard: "I've never lost a patient's prescription and I don't intend to start now",
    source: 'browser',
    kind: 'finished',
    note: 'Ends on "now" with the thought closed.',
  },

  // --- Aviation maintenance ---
  {
    heard: "I hold a B1 licence on the A320 family and I'm working towards my B2",
    source: 'browser',
    kind: 'finished',
    note: 'Complete qualifications statement.',
  },
  {
    heard: 'during the walkaround I noticed a small crack near the',
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 1500,
    continuation: 'fan cowl latch so I wrote it up in the tech log',
    note: 'Ends on "near the".',
  },
  {
    heard:
      'We found the leak, but the aircraft was due out at six, so the question was whether to —',
    source: 'server',
    kind: 'unfinished',
    pauseMs: 2200,
    continuation: 'defer it under the MEL or cancel the flight.',
    note: 'Cut off after "whether to".',
  },
  {
    heard: "If it's not in the manual, you don't do it. That's the whole culture, really.",
    source: 'server',
    kind: 'finished',
    note: 'Closes with a summary and the tag "really".',
  },
  {
    heard: 'is it alright if I answer that from a line maintenance point of view',
    source: 'browser',
    kind: 'question',
    note: 'Asks permission to frame the answer.',
  },
  {
    heard:
      'I worked as an aircraft mechanic in Manila for five years before I moved here to Dubai.',
    source: 'server',
    kind: 'finished',
    note: 'Filipino English, complete.',
  },
  {
    heard:
      "there's three ways a torque value goes wrong in my experience one is the wrench is out of calibration",
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 2000,
    continuation: 'two is someone reads the wrong table and three is nobody double checks it',
    note: 'Three ways announced, one given.',
  },
  {
    heard: 'So, yeah. That would be my answer.',
    source: 'server',
    kind: 'done',
    note: 'Explicitly ends the answer.',
  },
  {
    heard: "I refused to sign it off and I'd do the same again",
    source: 'browser',
    kind: 'finished',
    note: 'Short and closed; "again" ends it.',
  },
  {
    heard: 'The human factors training taught me that most errors happen at.',
    source: 'server',
    kind: 'unfinished',
    pauseMs: 2400,
    continuation: "shift handover, when people assume the next person knows what's been done.",
    note: "Preposition then Whisper's full stop.",
  },
  {
    heard:
      'Situation was an A320 on a night stop in Glasgow with a hydraulic leak reported by the inbound crew. I was asked to find it and get the aircraft serviceable for a 6 a.m. departure. I traced it to a cracked fitting on the green system, but we had no spare in stores. So I called maintenance control, they sourced one from Edinburgh, and a driver brought it over by three. I fitted it, did the leak check and the duplicate inspection with my colleague, and signed it off. The aircraft left on time, and afterwards we added that fitting to the stores list for night-stop stations.',
    source: 'server',
    kind: 'finished',
    note: 'A full STAR story that reaches its result and the lesson.',
  },
  {
    heard: 'About three hundred hours on the ATR, and maybe forty on the Dash 8.',
    source: 'server',
    kind: 'finished',
    note: 'Numbers answer complete.',
  },
  {
    heard: 'I would say my biggest achievement was when we',
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 1500,
    continuation: 'got the hangar through the CAA audit with zero findings',
    note: 'Subordinate clause opened, no verb.',
  },
  {
    heard: 'depends',
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 1400,
    continuation: "on whether it's a wet lease or a dry lease",
    note: 'A bare "depends" announces the conditions still to come.',
  },

  // --- Journalism ---
  {
    heard:
      "I broke the story about the council's housing contracts after about four months of FOI requests.",
    source: 'server',
    kind: 'finished',
    note: 'Complete claim.',
  },
  {
    heard: 'my editor wanted it by 6 and I still had one source who',
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 1900,
    continuation: "hadn't confirmed what she'd told me on background",
    note: 'Relative "who" left hanging.',
  },
  {
    heard:
      "you check it twice and you call the person you're writing about for comment every time no exceptions",
    source: 'browser',
    kind: 'finished',
    note: 'Closes on an emphatic "no exceptions".',
  },
  {
    heard: "Would it be okay if I used an example from my student paper? It's the best one I have.",
    source: 'server',
    kind: 'question',
    note: 'A permission question followed by a short reason; still waiting for a yes.',
  },
  {
    heard: 'So what makes a good headline?',
    source: 'server',
    kind: 'unfinished',
    pauseMs: 1400,
    continuation: 'One that is true first, and only then one people actually want to click.',
    note: 'Rhetorical question the candidate is about to answer (the interviewer asked about headlines).',
  },
  {
    heard:
      "I'd rather be second and right than first and wrong, which is something my first editor drilled into me.",
    source: 'server',
    kind: 'finished',
    note: 'Ends on a relative clause that is complete ("drilled into me").',
  },
  {
    heard: "I'll leave it at that",
    source: 'browser',
    kind: 'done',
    note: 'Says the answer is over.',
  },
  {
    heard: "the piece I'm proudest of is a long read about",
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 1700,
    continuation: 'fishermen in Grimsby after Brexit',
    note: 'Ends on "about".',
  },
  {
    heard: 'print then digital',
    source: 'browser',
    kind: 'finished',
    note: 'Terse answer to "what order did you work in".',
  },
  {
    heard: "I've covered three beats so far: courts, education...",
    source: 'server',
    kind: 'unfinished',
    pauseMs: 2100,
    continuation: 'and, for the last year, health.',
    note: 'Three announced, two given, trailing off.',
  },
  {
    heard:
      "Off the record means I can't use it. On background means I can use it but not name them. Those are very different things.",
    source: 'server',
    kind: 'finished',
    note: 'A contrast made and summed up.',
  },
  {
    heard: 'I had a managing editor once who',
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 2000,
    continuation: 'rewrote every one of my articles and never told me why',
    note: 'Relative clause started, nothing said about the editor yet.',
  },
  {
    heard: "I'll start with the context and then get to what I actually did.",
    source: 'server',
    kind: 'unfinished',
    pauseMs: 1500,
    continuation: "So, the context. I'd just joined a three-person newsroom in Hull...",
    note: 'Announces a structure; neither part has been delivered.',
  },

  // --- Architecture (buildings) ---
  {
    heard: 'I did the stage 3 and stage 4 drawings for a primary school extension in Bristol',
    source: 'browser',
    kind: 'finished',
    note: 'Complete description of the work.',
  },
  {
    heard: 'The client wanted a timber frame, but the fire engineer came back and said.',
    source: 'server',
    kind: 'unfinished',
    pauseMs: 2600,
    continuation: "that above four storeys we'd need sprinklers and full encapsulation.",
    note: 'Reported speech missing after "said"; Whisper added a full stop.',
  },
  {
    heard:
      'Passive House was the target, and we got within a few percent of it on the airtightness test.',
    source: 'server',
    kind: 'finished',
    note: 'Complete outcome.',
  },
  {
    heard: 'so the brief was a community centre on a really tight corner site and',
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 1500,
    continuation: 'the neighbours had already objected to two earlier schemes',
    note: 'Trailing "and" in the situation of a story.',
  },
  {
    heard: 'sorry what software do you mostly use here Revit or ArchiCAD',
    source: 'browser',
    kind: 'question',
    note: 'Asks the interviewer about the practice.',
  },
  {
    heard: 'for me the light is the most important thing in a building more than the form',
    source: 'browser',
    kind: 'finished',
    note: 'Italian-English word order; the comparison is complete.',
  },
  {
    heard:
      'My approach to a brief always starts with the site. I visit it at different times of day, I...',
    source: 'server',
    kind: 'unfinished',
    pauseMs: 2000,
    continuation: 'take photos, sketch, and just watch how people move through it.',
    note: 'A list of habits in progress, ends on a bare subject.',
  },
  {
    heard: "I think I'll stop there, otherwise I'll talk about stairs all day.",
    source: 'server',
    kind: 'done',
    note: 'Stops the answer, with a joke as the reason.',
  },
  {
    heard: "That's the project I'd want you to look at in my portfolio.",
    source: 'server',
    kind: 'finished',
    note: 'Starts with "That\'s" and ends on "look at … portfolio", but it is content, not a done phrase.',
  },
  {
    heard: 'we had the client the architect the structural engineer the planners the neighbours',
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 1300,
    continuation: 'and the conservation officer and somehow I was the one keeping them all talking',
    note: 'A list still being recited, no closing "and".',
  },
  {
    heard:
      "It depends on the load, but for a ten metre span I'd expect a steel beam somewhere around a 305 deep section.",
    source: 'server',
    kind: 'finished',
    note: '"It depends" is answered within the same sentence.',
  },
  {
    heard: 'it was a bit of a nightmare in fairness because the',
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 1600,
    continuation: 'previous contractor had left no drawings at all',
    note: 'Irish "in fairness", then "because the" hanging.',
  },

  // --- Social work ---
  {
    heard:
      'my first priority is always the safety of the child and everything else comes after that',
    source: 'browser',
    kind: 'finished',
    note: 'Complete principle, ends on "after that".',
  },
  {
    heard: 'the mum was really hostile at the first visit and I think that was because',
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 2200,
    continuation: 'the last social worker had removed her older son',
    note: 'Trailing "because".',
  },
  {
    heard:
      "I'd want to look at three things: the risk to the child, the parents' capacity to change, and...",
    source: 'server',
    kind: 'unfinished',
    pauseMs: 2800,
    continuation: 'what support network they actually have around them.',
    note: 'Third item of an announced list still owed.',
  },
  {
    heard:
      "I did my placement in a children's home in Kumasi before I came to do my master's in Manchester.",
    source: 'server',
    kind: 'finished',
    note: 'Ghanaian speaker, a complete background statement.',
  },
  {
    heard:
      'Can I just check — do you mean a safeguarding concern that came from school, or one I raised myself?',
    source: 'server',
    kind: 'question',
    note: 'Clarifying question with a dash inside, not a trailing off.',
  },
  {
    heard: 'supervision is where I process the hard cases so I never skip it',
    source: 'browser',
    kind: 'finished',
    note: 'Complete and closed.',
  },
  {
    heard:
      'It was a Section 47 enquiry, and the situation was that an eight-year-old had disclosed to her teacher.',
    source: 'server',
    kind: 'unfinished',
    pauseMs: 2500,
    continuation:
      'I went out the same afternoon with a police officer, and we spoke to her at school first.',
    note: 'A "tell me about a time" story stopped at the situation; the action is owed.',
  },
  {
    heard: "that's my answer really",
    source: 'browser',
    kind: 'done',
    note: 'Done phrase with a soft "really".',
  },
  {
    heard:
      'Burnout is real in this job, and I manage it by keeping my weekends properly off, no emails.',
    source: 'server',
    kind: 'finished',
    note: 'Ends on a verbless tag ("no emails") that closes the point.',
  },
  {
    heard: "I I would I'd probably start by um",
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 2600,
    continuation: 'reading the whole file before the home visit',
    note: 'Nervous restart then filler after "start by".',
  },
  {
    heard:
      'So this was my second year at the agency. We had a family of five; the dad had just lost his job, the mum had a new baby, and the school had flagged that the eldest was coming in hungry. My task was to do the initial assessment and decide whether it met the threshold for a child protection plan. I went out on the Tuesday, and the house was cold and there was no food in the fridge, but the kids were clearly loved and the parents were desperate for help. So what I did was...',
    source: 'server',
    kind: 'unfinished',
    pauseMs: 2600,
    continuation:
      'refer them to the food bank that day and set up a child in need plan instead of child protection.',
    note: 'A long STAR story stopped just before the action.',
  },
  {
    heard: 'he thanked me afterwards which is more than most people do',
    source: 'browser',
    kind: 'finished',
    note: 'Ends on a complete relative clause ("most people do").',
  },
  {
    heard: "I'm not sure if you want the long version or the short version",
    source: 'browser',
    kind: 'question',
    note: 'An indirect question: the candidate wants the interviewer to choose.',
  },

  // --- Consulting case interviews ---
  {
    heard: "Okay, so I'd like to structure this into three buckets: revenue, costs, and...",
    source: 'server',
    kind: 'unfinished',
    pauseMs: 1300,
    continuation: 'external factors like the regulatory change.',
    note: 'Third bucket still to name.',
  },
  {
    heard: 'let me take a minute to structure my thoughts',
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 4200,
    continuation: 'okay so I see two main areas',
    note: 'Announces thinking time; the answer is still to come after a long pause.',
  },
  {
    heard:
      'So my recommendation is that they should not enter the German market this year, mainly because the payback period is over six years.',
    source: 'server',
    kind: 'finished',
    note: 'Recommendation with its reason.',
  },
  {
    heard: 'can I assume the market is growing at the same rate as GDP',
    source: 'browser',
    kind: 'question',
    note: 'Asks to confirm an assumption.',
  },
  {
    heard: "If the market is 60 million households and about 10% own a dog, then that's.",
    source: 'server',
    kind: 'unfinished',
    pauseMs: 3100,
    continuation: 'six million dog-owning households, and if each spends about 400 a year...',
    note: 'Doing arithmetic aloud; Whisper full stop after "that\'s".',
  },
  {
    heard:
      "so profits are down because costs went up not because revenue fell that's my hypothesis",
    source: 'browser',
    kind: 'finished',
    note: 'Hypothesis stated; "that\'s my hypothesis" closes content, it is not a done phrase.',
  },
  {
    heard: "the next area I'd dig into is",
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 1600,
    continuation: 'the cost breakdown by plant',
    note: 'Copula with nothing after it.',
  },
  {
    heard: "Is there any data on the competitors' pricing, or should I estimate it?",
    source: 'server',
    kind: 'question',
    note: 'Asks for data.',
  },
  {
    heard: "And that's my recommendation to the CEO. Happy to go deeper on any part of it.",
    source: 'server',
    kind: 'done',
    note: 'Closes the case and hands the floor back.',
  },
  {
    heard: 'Roughly 2.4 billion a year, give or take.',
    source: 'server',
    kind: 'finished',
    note: 'A market size with a hedge tag.',
  },
  {
    heard: "There are a couple of risks I'd flag.",
    source: 'server',
    kind: 'unfinished',
    pauseMs: 1800,
    continuation:
      'First, the integration costs could run over, and second, the key staff might leave after the deal.',
    note: 'Announces risks without naming any.',
  },
  {
    heard:
      "so yeah so if we put it all together the margin on the premium line is about 30% the standard line is closer to 12 and premium is growing faster so I'd push the client to shift the marketing budget towards premium which I think is the clearest lever they have",
    source: 'browser',
    kind: 'finished',
    note: 'Rambling synthesis that ends on a complete relative clause.',
  },
  {
    heard:
      'so the client was a regional grocery chain with about 40 stores and their margins had dropped two points in a year and the partner asked me to figure out why so I started by pulling the store level P and L and splitting costs into labour rent shrink and',
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 1500,
    continuation: 'logistics and shrink was the one that had doubled',
    note: 'Long story cut off mid-list on "and".',
  },
  {
    heard: 'Right. So.',
    source: 'server',
    kind: 'unfinished',
    pauseMs: 1500,
    continuation: "For the market sizing, I'd go top-down from the population.",
    note: 'Whisper-punctuated launch words, nothing said yet.',
  },
  {
    heard: "I'm going to answer that in two parts first the technical side",
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 1700,
    continuation: 'we moved to a proper sensor fusion filter and second the team side',
    note: 'Two parts announced, the first only named.',
  },

  // --- Public sector ---
  {
    heard:
      "I've spent nine years in local government, the last four managing the council's planning enforcement team.",
    source: 'server',
    kind: 'finished',
    note: 'Complete career summary.',
  },
  {
    heard: 'under the freedom of information act we have 20 working days to',
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 1400,
    continuation: 'respond unless an exemption applies',
    note: 'Infinitive marker "to" with no verb.',
  },
  {
    heard: 'it was a tidy bit of work in the end and the minister was happy with it',
    source: 'browser',
    kind: 'finished',
    note: 'Welsh "tidy"; ends on "with it", thought closed.',
  },
  {
    heard: 'Would you like me to use the STAR format for this one?',
    source: 'server',
    kind: 'question',
    note: 'Asks about the expected format.',
  },
  {
    heard: 'The policy was well intentioned, but what nobody had considered was the effect on...',
    source: 'server',
    kind: 'unfinished',
    pauseMs: 2300,
    continuation: 'rural bus routes, which lost about a third of their funding overnight.',
    note: 'Ends on "effect on".',
  },
  {
    heard: "right that's everything from me on that",
    source: 'browser',
    kind: 'done',
    note: 'Declares the answer complete.',
  },
  {
    heard:
      "Value for money, transparency and fairness. Those are the three principles I'd hold any procurement to.",
    source: 'server',
    kind: 'finished',
    note: 'Three named and summed up; ends on a stranded "to".',
  },
  {
    heard: 'in the civil service the competency they always ask about is',
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 1100,
    continuation: 'seeing the big picture',
    note: 'Copula waiting for its complement.',
  },
  {
    heard:
      'We ran public consultations in every ward, and the turnout was better than I expected, eh.',
    source: 'server',
    kind: 'finished',
    note: 'Canadian tag "eh" on a complete statement; not a real question.',
  },
  {
    heard: 'Being on time, being honest, and cleaning up after yourself — the rest you can teach.',
    source: 'server',
    kind: 'finished',
    note: 'A dash inside the sentence, not at its end; complete.',
  },
  {
    heard: 'what I always tell new starters in the department is',
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 900,
    continuation: 'read the minutes before you read the policy',
    note: 'Announces advice and stops before it.',
  },
  {
    heard: 'I was wondering whether the post is open to secondment from other departments',
    source: 'browser',
    kind: 'question',
    note: 'Indirect question ("I was wondering whether …").',
  },

  // --- Trades and apprenticeships ---
  {
    heard:
      "I've done my level 2 in electrical installation at college and I'm looking for an apprenticeship to finish my level 3",
    source: 'browser',
    kind: 'finished',
    note: 'Complete statement of where they are.',
  },
  {
    heard: "um yeah so like I've always liked fixing stuff and",
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 2000,
    continuation: "my uncle's a plumber so I used to go out on jobs with him in the summer",
    note: 'Young speaker, fillers and a trailing "and".',
  },
  {
    heard: "Safety first. Isolate, lock off, test it's dead, then you work on it.",
    source: 'server',
    kind: 'finished',
    note: 'A procedure ending on a stranded "on it".',
  },
  {
    heard: 'The first thing you do before you touch any circuit is...',
    source: 'server',
    kind: 'unfinished',
    pauseMs: 900,
    continuation: 'prove your tester on a known live source, then test, then prove it again.',
    note: 'A short dramatic pause before the complement.',
  },
  {
    heard: 'do I get paid for the college days as well',
    source: 'browser',
    kind: 'question',
    note: 'A direct question about pay; ends on "as well".',
  },
  {
    heard: 'aye I was at the joinery for two year before the place shut down',
    source: 'browser',
    kind: 'finished',
    note: 'Scottish "aye" and "two year"; complete.',
  },
  {
    heard: 'Yeah, nothing else to add.',
    source: 'server',
    kind: 'done',
    note: 'Says there is nothing more.',
  },
  {
    heard:
      'On building site in Kraków I was working with plasterboard, with tiling, and also with...',
    source: 'server',
    kind: 'unfinished',
    pauseMs: 1700,
    continuation: 'a little bit of electrics, but only under supervision.',
    note: 'Polish speaker, list item owed after "also with".',
  },
  {
    heard: 'measure twice cut once my old man used to say that every single day',
    source: 'browser',
    kind: 'finished',
    note: 'Proverb and its source, complete.',
  },
  {
    heard:
      "when I'm sweating a joint I always make sure the pipe is clean and there's flux on it otherwise",
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 1300,
    continuation: "the solder won't run into the fitting properly",
    note: 'Trailing "otherwise": the consequence is owed.',
  },
  {
    heard: 'I was the only girl on my course, and I finished top of the year.',
    source: 'server',
    kind: 'finished',
    note: 'Short and closed.',
  },
  {
    heard: 'my dad was a mechanic so I grew up around engines basically',
    source: 'browser',
    kind: 'finished',
    note: 'Ends on the softener "basically".',
  },
  {
    heard: 'My first job out of school was at a garage in Cork, and.',
    source: 'server',
    kind: 'unfinished',
    pauseMs: 2100,
    continuation: 'I stayed there five years till I got my trade papers.',
    note: 'Whisper full stop after a trailing "and".',
  },
  {
    heard: "I've I've got experience with with the",
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 2400,
    continuation: 'the Siemens PLCs mostly S7',
    note: 'Stammering restarts, stops on an article.',
  },
  {
    heard: "Nine times out of ten it's the cable. The tenth time it's also the cable.",
    source: 'server',
    kind: 'finished',
    note: 'A joke with its punchline delivered.',
  },

  // --- Academic and PhD admissions ---
  {
    heard:
      "My master's thesis looked at how drought affects smallholder maize yields in Malawi, using satellite data from 2000 to 2020.",
    source: 'server',
    kind: 'finished',
    note: 'Complete research summary.',
  },
  {
    heard: 'The gap in the literature, as I see it, is that most studies treat migration as...',
    source: 'server',
    kind: 'unfinished',
    pauseMs: 3000,
    continuation: 'a one-off event rather than something households do repeatedly over decades.',
    note: 'Ends on "as", the comparison is owed.',
  },
  {
    heard: 'I was curious if the project has money for fieldwork abroad',
    source: 'browser',
    kind: 'question',
    note: 'Indirect question about funding ("I was curious if …").',
  },
  {
    heard:
      "I choose this group because Professor Li's work on graph neural networks is very close to my master project",
    source: 'browser',
    kind: 'finished',
    note: 'Chinese-English tense use; the reason is complete.',
  },
  {
    heard: 'my research question basically is',
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 2200,
    continuation:
      'whether social media use predicts loneliness in teenagers or the other way round',
    note: 'The research question is announced and not stated.',
  },
  {
    heard: "So that's, in a nutshell, what I'd like to spend the next four years on.",
    source: 'server',
    kind: 'finished',
    note: 'Summary sentence about the proposal; content, not a done phrase, ending on "on".',
  },
  {
    heard:
      "I'd say my biggest weakness as a researcher is that I'm slow to write up, which I'm working on.",
    source: 'server',
    kind: 'finished',
    note: 'Stranded "on" closes a complete relative clause.',
  },
  {
    heard: 'Why does this matter? Well.',
    source: 'server',
    kind: 'unfinished',
    pauseMs: 1900,
    continuation:
      'Because if we get the dating wrong, the whole chronology of the site shifts by a century.',
    note: 'Rhetorical question and a launch word; the answer is coming.',
  },
  {
    heard: 'Would I be expected to teach in the first year, or is that only from the second?',
    source: 'server',
    kind: 'question',
    note: 'Asks about the programme.',
  },
  {
    heard: 'in my master course I studied about the um',
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 2100,
    continuation: 'the corrosion of steel in sea water',
    note: 'Japanese speaker searching for a term after "the um".',
  },
  {
    heard:
      "the result was negative but it was still publishable and it's under review now at PLOS One",
    source: 'browser',
    kind: 'finished',
    note: 'Complete; ends on a journal name.',
  },
  {
    heard: "that's all I'd like to say about my proposal thank you",
    source: 'browser',
    kind: 'done',
    note: 'Formal close with thanks.',
  },
  {
    heard:
      'They offered me a permanent contract at the end of it, which I turned down to do this PhD.',
    source: 'server',
    kind: 'finished',
    note: 'Complete, ends with the PhD itself.',
  },
  {
    heard: 'My supervisor describes me as stubborn, in a good way, mostly.',
    source: 'server',
    kind: 'finished',
    note: 'Ends on a hedge word ("mostly").',
  },
  {
    heard: "I don't know, but I know how I'd find out.",
    source: 'server',
    kind: 'finished',
    note: 'An honest complete answer ending on "find out".',
  },
  {
    heard: "I've always wanted to work somewhere where...",
    source: 'server',
    kind: 'unfinished',
    pauseMs: 2400,
    continuation: 'the research actually ends up helping patients within my lifetime.',
    note: 'Relative "where" left hanging.',
  },
  {
    heard: 'Please, can you repeat the question more slowly?',
    source: 'server',
    kind: 'question',
    note: 'Non-native speaker asks for a slower repeat.',
  },

  // --- Sports coaching ---
  {
    heard: "I coach the under 14s on Saturdays and I've got my UEFA C licence",
    source: 'browser',
    kind: 'finished',
    note: 'Complete background.',
  },
  {
    heard: "When a kid's lost confidence, the last thing you want to do is...",
    source: 'server',
    kind: 'unfinished',
    pauseMs: 1500,
    continuation: 'single them out in front of the group.',
    note: 'The complement of "want to do is" is missing.',
  },
  {
    heard:
      'We lost the final by a try, but the boys played their hearts out, so I was stoked, sweet as.',
    source: 'server',
    kind: 'finished',
    note: 'New Zealand "sweet as" ends on "as" but closes the thought.',
  },
  {
    heard: 'so my philosophy is basically three things effort respect and',
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 800,
    continuation: "fun because if they're not enjoying it they'll drop out",
    note: 'Three announced, two given, trailing "and".',
  },
  {
    heard: 'sorry did you say the squad is under 16 or under 18',
    source: 'browser',
    kind: 'question',
    note: 'Asks the interviewer to repeat a detail.',
  },
  {
    heard: "I'd rotate the keepers so both of them get game time that's only fair",
    source: 'browser',
    kind: 'finished',
    note: 'Ends on "only fair", complete.',
  },
  {
    heard:
      'There was one season where we lost the first six games in a row, and the parents were starting to...',
    source: 'server',
    kind: 'unfinished',
    pauseMs: 2500,
    continuation: 'turn on me on the sideline, if I am honest.',
    note: 'Verb missing after "starting to".',
  },
  {
    heard: "That's my coaching philosophy. End of.",
    source: 'server',
    kind: 'done',
    note: 'British "End of." means "nothing more to say"; the answer is over.',
  },
  {
    heard: 'Data helps, but you coach the person, not the numbers.',
    source: 'server',
    kind: 'finished',
    note: 'Aphorism, complete.',
  },
  {
    heard: "well y'all I was fixing to tell you about the time our quarterback",
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 1800,
    continuation: 'tore his ACL the week before state',
    note: 'Southern US; story just begun, subject with no verb.',
  },
  {
    heard: 'It comes down to one thing, really.',
    source: 'server',
    kind: 'unfinished',
    pauseMs: 1300,
    continuation: "Trust. If the players don't trust the coach, nothing else works.",
    note: 'Looks complete with "really", but the one thing is not yet named.',
  },
  {
    heard: 'so picture this',
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 1600,
    continuation: "it's the last minute of the cup final and we're one goal down",
    note: 'Sets up a scene that has not been described.',
  },
  {
    heard: 'what I always say to the kids is',
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 700,
    continuation: "you don't lose you learn",
    note: 'The saying is announced, not said.',
  },
  {
    heard: 'I rest my case.',
    source: 'server',
    kind: 'done',
    note: 'A jokey courtroom way of ending the answer.',
  },

  // --- Data science and ML ---
  {
    heard: "I'd start with a logistic regression as a baseline before trying anything fancier",
    source: 'browser',
    kind: 'finished',
    note: 'Complete approach, ends on a comparative.',
  },
  {
    heard:
      'The model looked great offline, 0.92 AUC, but in production it dropped to about 0.7, and the reason turned out to be...',
    source: 'server',
    kind: 'unfinished',
    pauseMs: 2900,
    continuation: 'a feature that leaked the label: the refund timestamp.',
    note: 'The reason is announced and withheld.',
  },
  {
    heard:
      'Precision matters more here, because every false positive means a real customer gets their card blocked.',
    source: 'server',
    kind: 'finished',
    note: 'Claim with its reason.',
  },
  {
    heard: 'When you say the data is imbalanced, roughly what ratio are we talking about?',
    source: 'server',
    kind: 'question',
    note: 'Clarifying question.',
  },
  {
    heard: "I'd split the data by time not randomly because otherwise",
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 1400,
    continuation: "you're training on the future",
    note: 'Trailing "because otherwise".',
  },
  {
    heard: 'I have done the feature engineering part only the modelling was done by my senior',
    source: 'browser',
    kind: 'finished',
    note: 'Indian English ("part only", "my senior"); complete.',
  },
  {
    heard: 'So we A/B tested it with two arms. The control arm kept the old ranking.',
    source: 'server',
    kind: 'unfinished',
    pauseMs: 2000,
    continuation:
      'The treatment arm got the new model, and we ran it for two full weeks to cover weekly seasonality.',
    note: 'Two arms announced, one described.',
  },
  {
    heard: "and yeah that's the whole pipeline that's it",
    source: 'browser',
    kind: 'done',
    note: 'Ends with "that\'s it".',
  },
  {
    heard: "p-values alone don't tell you whether the effect is big enough to care about.",
    source: 'server',
    kind: 'finished',
    note: 'Complete, with a stranded "about".',
  },
  {
    heard: 'so the confusion matrix showed that most of the errors were',
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 1700,
    continuation: 'class 3 predicted as class 4 which are basically the same product in two sizes',
    note: 'Verb waiting for its complement.',
  },
  {
    heard:
      'In my previous job in Istanbul I built a churn model for a telecom company, it was XGBoost with around two hundred features.',
    source: 'server',
    kind: 'finished',
    note: 'Turkish speaker, comma splice, complete.',
  },
  {
    heard: "Let me think about how I'd evaluate that.",
    source: 'server',
    kind: 'unfinished',
    pauseMs: 4400,
    continuation:
      "Okay, I'd hold out the last month and look at recall at a fixed false positive rate.",
    note: 'Asks for nothing; announces thinking, then answers after a long pause.',
  },
  {
    heard: 'mostly Python and a bit of R for the stats stuff',
    source: 'browser',
    kind: 'finished',
    note: 'Terse complete answer; "stuff" is not a filler here.',
  },
  {
    heard:
      "So it's O of n squared in the worst case, but in practice the lists are tiny, so it doesn't matter.",
    source: 'server',
    kind: 'finished',
    note: 'Complexity with the practical caveat.',
  },
  {
    heard: 'We used a Kalman filter for the IMU data, which is basically a way of.',
    source: 'server',
    kind: 'unfinished',
    pauseMs: 2300,
    continuation:
      'combining a prediction with a noisy measurement, weighted by how much you trust each.',
    note: '"a way of" with Whisper\'s full stop.',
  },
  {
    heard:
      "I think the answer is no but I'd want to check the data dictionary before I'd put money on it",
    source: 'browser',
    kind: 'finished',
    note: 'Hedged but complete; ends on "on it".',
  },
  {
    heard: 'should I talk about the research or more about myself first',
    source: 'browser',
    kind: 'question',
    note: 'Asks what to cover.',
  },

  // --- Security operations ---
  {
    heard:
      "first thing I'd do is isolate the host from the network and then pull the memory before anyone reboots it",
    source: 'browser',
    kind: 'finished',
    note: 'Answers "what would you do first" with that step and its follow-up; nothing more promised.',
  },
  {
    heard: 'We got an alert at about 3 a.m. for a PowerShell process spawning from Word, which...',
    source: 'server',
    kind: 'unfinished',
    pauseMs: 2100,
    continuation: 'is almost always a malicious macro.',
    note: 'Trailing relative "which".',
  },
  {
    heard:
      'It was a false positive in the end. A sysadmin running a legitimate script, but we still wrote it up.',
    source: 'server',
    kind: 'finished',
    note: 'Outcome given, closed.',
  },
  {
    heard: 'do you want the answer for a Windows estate or Linux',
    source: 'browser',
    kind: 'question',
    note: 'Asks the interviewer to choose.',
  },
  {
    heard: 'the kill chain has like seven stages and the one we caught them in was',
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 1600,
    continuation: 'lateral movement',
    note: 'Copula waiting for a name.',
  },
  {
    heard: "That's the playbook. That's all I've got.",
    source: 'server',
    kind: 'done',
    note: 'Ends with a done phrase after a summary.',
  },
  {
    heard: 'I am working in the SOC for 3 years and I do mostly the tier 2 investigation',
    source: 'browser',
    kind: 'finished',
    note: 'Vietnamese-English tense and article use; complete.',
  },
  {
    heard: 'Phishing is still the number one way in, and the reason is simple.',
    source: 'server',
    kind: 'unfinished',
    pauseMs: 1500,
    continuation: 'People click. You can train them, but someone always clicks.',
    note: 'A complete sentence that promises a reason it has not given.',
  },
  {
    heard:
      "I'd escalate it to the incident commander and let them decide whether to bring in legal; that's above my pay grade.",
    source: 'server',
    kind: 'finished',
    note: 'Ends on an idiom, complete.',
  },
  {
    heard: "we tuned the SIEM rules so the analysts weren't drowning in",
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 650,
    continuation: 'low severity noise',
    note: 'Ends on a preposition.',
  },
  {
    heard: 'Before I answer that, some context.',
    source: 'server',
    kind: 'unfinished',
    pauseMs: 1500,
    continuation: 'Our SOC was three people covering two hundred sites.',
    note: 'Announces context that has not been given.',
  },
  {
    heard: 'the on-call rota was one week in four which I could live with',
    source: 'browser',
    kind: 'finished',
    note: 'Relative clause complete with stranded "with".',
  },
  {
    heard: 'Mind if I take a second to think about that one?',
    source: 'server',
    kind: 'question',
    note: 'Asks permission for thinking time.',
  },
  {
    heard: 'I mean.',
    source: 'server',
    kind: 'unfinished',
    pauseMs: 1900,
    continuation: "It wasn't my call, but I backed it.",
    note: "A launch word with Whisper's full stop.",
  },

  // --- Veterinary nursing, dentistry, firefighting ---
  {
    heard:
      "I've been a registered veterinary nurse for six years mostly small animals but some exotics as well",
    source: 'browser',
    kind: 'finished',
    note: 'Ends on "as well", which closes the sentence.',
  },
  {
    heard: 'The dog came in after being hit by a car, so straight away I checked...',
    source: 'server',
    kind: 'unfinished',
    pauseMs: 1300,
    continuation: 'his airway, and whether he was breathing properly.',
    note: 'The object of "checked" is missing.',
  },
  {
    heard: 'Is this a first-opinion practice, or do you take referrals as well?',
    source: 'server',
    kind: 'question',
    note: 'Asks about the employer; ends on "as well" but is a question.',
  },
  {
    heard: "I'd stop the treatment, reassure the patient, and rebook them with sedation.",
    source: 'server',
    kind: 'finished',
    note: 'Three steps, all delivered.',
  },
  {
    heard: 'She was really anxious, and she told me the last dentist had...',
    source: 'server',
    kind: 'unfinished',
    pauseMs: 2200,
    continuation: 'done a filling without waiting for the anaesthetic to work.',
    note: 'Auxiliary "had" with no participle.',
  },
  {
    heard: 'You never go in alone. Ever.',
    source: 'server',
    kind: 'finished',
    note: 'Terse rule with an emphatic one-word coda.',
  },
  {
    heard: 'Not yet, no.',
    source: 'server',
    kind: 'finished',
    note: 'Terse answer to "have you led a crew on your own"; nothing owed.',
  },
  {
    heard:
      'It was a house fire on a terraced street, two in the morning, and we were told there might be someone still inside.',
    source: 'server',
    kind: 'unfinished',
    pauseMs: 2600,
    continuation:
      'I was on the breathing apparatus team, so my partner and I went in through the front door...',
    note: 'Answer to "tell me about a time" that stops at the situation.',
  },
  {
    heard: "that's the only time I've ever had to call a code red on a shift",
    source: 'browser',
    kind: 'finished',
    note: 'Begins with "that\'s" but is content, not a done phrase.',
  },
  {
    heard: "I'm a morning person so early shifts suit me down to the ground",
    source: 'browser',
    kind: 'finished',
    note: 'Idiom ending on "ground", complete.',
  },

  // --- Translation, film, museums, radio ---
  {
    heard:
      'I translate from French and Spanish into English, and I am specialised in medical documents since 2015.',
    source: 'server',
    kind: 'finished',
    note: 'French speaker ("I am specialised … since"); complete.',
  },
  {
    heard: "when the speaker used an idiom that doesn't exist in Arabic I",
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 1900,
    continuation: 'just explained the meaning instead of translating it word for word',
    note: 'Main clause subject with no verb.',
  },
  {
    heard: 'ok I finish here',
    source: 'browser',
    kind: 'done',
    note: 'Non-native way of saying the answer is over.',
  },
  {
    heard: 'I was a compositor on two Netflix series mostly in Nuke',
    source: 'browser',
    kind: 'finished',
    note: 'Complete role description.',
  },
  {
    heard:
      'The director changed the whole look of the sky three days before delivery, so we had to...',
    source: 'server',
    kind: 'unfinished',
    pauseMs: 1600,
    continuation: 're-render about forty shots over a weekend.',
    note: 'Modal "had to" with no verb.',
  },
  {
    heard: 'the funniest thing that happened on that shoot was',
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 1200,
    continuation: 'a goat eating the call sheet',
    note: 'Copula waiting for the punchline.',
  },
  {
    heard: "The exhibition I'm proudest of is one that.",
    source: 'server',
    kind: 'unfinished',
    pauseMs: 2400,
    continuation: 'brought together objects from six different collections for the first time.',
    note: 'Relative "that" with Whisper\'s full stop.',
  },
  {
    heard: "I've rambled enough, so I'll hand it back to you.",
    source: 'server',
    kind: 'done',
    note: 'Hands the floor back explicitly.',
  },

  // --- Urban planning, maritime, energy, agriculture, insurance ---
  {
    heard:
      'The scheme got approved on the second attempt, with fewer parking spaces and a bigger park.',
    source: 'server',
    kind: 'finished',
    note: 'Outcome with detail, complete.',
  },
  {
    heard: "what people don't realise about cycle lanes is that",
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 1800,
    continuation: "the fights are never about the lanes they're about the parking you take away",
    note: 'Complementiser "that" with nothing after it.',
  },
  {
    heard: 'I sailed as second officer on container ships for eight years before coming ashore',
    source: 'browser',
    kind: 'finished',
    note: 'Complete career summary.',
  },
  {
    heard: 'wind and solar are cheap now the hard part is the grid',
    source: 'browser',
    kind: 'finished',
    note: 'Two short complete clauses.',
  },
  {
    heard: 'the substation outage was caused by a',
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 1200,
    continuation: 'squirrel believe it or not it was a squirrel',
    note: 'Ends on an article.',
  },
  {
    heard:
      "we went no till on the whole farm in 2019 and the yields held up better than I'd feared",
    source: 'browser',
    kind: 'finished',
    note: 'Comparison closed ("than I\'d feared").',
  },
  {
    heard: "the herd was about 200 head and every spring we'd",
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 1400,
    continuation: 'bring them down off the hill for calving',
    note: 'Modal contraction with no verb.',
  },
  {
    heard: 'um',
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 2600,
    continuation: "I'd say about 40 hours a week during lambing season",
    note: 'A bare filler: the answer has not started.',
  },
  {
    heard:
      'the risk was too concentrated in one postcode so I declined it and suggested they come back with a co-insurer',
    source: 'browser',
    kind: 'finished',
    note: 'Underwriting decision and its follow-up, complete.',
  },
  {
    heard:
      'When I price a commercial property risk, I look at the construction, the occupancy, and...',
    source: 'server',
    kind: 'unfinished',
    pauseMs: 2000,
    continuation: 'the claims history over the last five years.',
    note: 'List in progress, trailing "and...".',
  },

  // --- Speech habits across roles ---
  {
    heard: 'two',
    source: 'browser',
    kind: 'finished',
    note: 'One-word answer to "how many direct reports did you have".',
  },
  {
    heard: 'Yes.',
    source: 'server',
    kind: 'finished',
    note: 'One-word answer to a yes/no question ("have you used an RTOS").',
  },
  {
    heard: 'I left because the funding ran out simple as that',
    source: 'browser',
    kind: 'finished',
    note: 'Closes with "simple as that".',
  },
  {
    heard: "can lah I've done this kind of migration before no problem",
    source: 'browser',
    kind: 'finished',
    note: 'Singapore English "can lah" (yes); complete.',
  },
  {
    heard: "I'd have been the one doing the rotas and all that",
    source: 'browser',
    kind: 'finished',
    note: 'Irish English; "and all that" is a closing tag, not a list in progress.',
  },
  {
    heard:
      "the shader compiles at load time so there's no hitch during gameplay or none that we've seen anyway",
    source: 'browser',
    kind: 'finished',
    note: 'Ends on "anyway" after a self-correction, complete.',
  },
  {
    heard: 'I am agree with this approach the test must come before the code',
    source: 'browser',
    kind: 'finished',
    note: 'French-English "I am agree"; complete opinion.',
  },
  {
    heard: 'most of what I know about leadership I learned from my first sergeant in the army',
    source: 'browser',
    kind: 'finished',
    note: 'Career changer; complete.',
  },
  {
    heard: 'we called it the wall of shame but in a nice way',
    source: 'browser',
    kind: 'finished',
    note: 'Ends on "in a nice way", complete.',
  },
  {
    heard: 'It was the hardest year of my career and also the one I learned the most from.',
    source: 'server',
    kind: 'finished',
    note: 'Stranded "from" ends a complete sentence.',
  },
  {
    heard:
      "I'd go with the second design, because it's easier to maintain and it's half the cost...",
    source: 'server',
    kind: 'finished',
    note: 'Complete choice with reasons; the ellipsis is tone only.',
  },
  {
    heard:
      "It's a fair question, and the short answer is that I wanted to be closer to the patients.",
    source: 'server',
    kind: 'finished',
    note: 'Opens like a stall but the answer is given.',
  },
  {
    heard: "That's the part I'd do differently now.",
    source: 'server',
    kind: 'finished',
    note: 'Begins with "That\'s" and reads like a close, but it is content, not a done phrase.',
  },
  {
    heard: 'Main problem was the memory leak in driver, we found it after two weeks with Valgrind.',
    source: 'server',
    kind: 'finished',
    note: 'Russian speaker dropping articles; complete.',
  },
  {
    heard: 'Hmm.',
    source: 'server',
    kind: 'unfinished',
    pauseMs: 4500,
    continuation: "I think I'd start with the fuel system, actually.",
    note: 'Thinking noise; the answer has not started.',
  },
  {
    heard: 'The problem with that approach is that it assumes the.',
    source: 'server',
    kind: 'unfinished',
    pauseMs: 1500,
    continuation: "sensor readings are independent, and they're really not.",
    note: "Article followed by Whisper's full stop.",
  },
  {
    heard: 'What would I have done differently?',
    source: 'server',
    kind: 'unfinished',
    pauseMs: 2100,
    continuation: 'I would have told my manager much earlier that the deadline was not realistic.',
    note: "Repeats the interviewer's question to itself before answering it.",
  },
  {
    heard: 'The biggest lesson was this.',
    source: 'server',
    kind: 'unfinished',
    pauseMs: 1300,
    continuation: 'Never assume the night shift has read the handover notes.',
    note: 'Announces a lesson with "this" and stops.',
  },
  {
    heard: "There's a story behind that, actually.",
    source: 'server',
    kind: 'unfinished',
    pauseMs: 1800,
    continuation:
      "When I was seventeen I wrecked my dad's car and spent a summer in a garage paying it off.",
    note: 'Promises a story that has not been told.',
  },
  {
    heard: "I'll give you two examples.",
    source: 'server',
    kind: 'unfinished',
    pauseMs: 1400,
    continuation: 'The first one is from my placement year in a hospital pharmacy.',
    note: 'Two examples announced, none given.',
  },
  {
    heard:
      'Actually my background is in civil, but then I shifted to data science, so what happened was...',
    source: 'server',
    kind: 'unfinished',
    pauseMs: 2000,
    continuation: 'I did an online course and then got an internship at a startup in Pune.',
    note: 'Indian English "what happened was", trailing.',
  },
  {
    heard: 'okay right so',
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 1500,
    continuation: "the first thing I'd want to know is who the customer is",
    note: 'Launch words only.',
  },
  {
    heard: 'so there are a few different ways you could do that',
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 1900,
    continuation: "you could use a state machine or coroutines and I'd probably go for coroutines",
    note: 'Looks like a complete sentence, but the ways it announces are all still owed.',
  },
  {
    heard: 'the three qualities I look for in a junior are curiosity',
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 1100,
    continuation: 'humility and a bit of stubbornness',
    note: 'Three announced, one given.',
  },
  {
    heard: "the reason I'm leaving is mostly",
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 2000,
    continuation: "that there's no path to senior there",
    note: 'Copula and adverb, no complement.',
  },
  {
    heard: "if I'm honest",
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 1800,
    continuation: "I didn't handle it well the first time",
    note: 'A conditional preface with no main clause.',
  },
  {
    heard: 'this might sound strange but',
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 1500,
    continuation: 'I actually enjoy writing incident reports',
    note: 'Trailing "but".',
  },
  {
    heard: 'we decided to go with the cheaper contractor which in hindsight',
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 1700,
    continuation: 'was a mistake because they went bust halfway through',
    note: 'Relative clause with no verb yet.',
  },
  {
    heard: "the thing I'd change first is the onboarding like",
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 1300,
    continuation: 'nobody told me where anything was for the first two weeks',
    note: 'Trailing filler "like" after the claim; the explanation follows.',
  },
  {
    heard: "I'd tell him straight that the work wasn't up to standard and that",
    source: 'browser',
    kind: 'unfinished',
    pauseMs: 1300,
    continuation: "we'd go through it together on Monday",
    note: 'Second "that" clause opened, not filled.',
  },

  // --- Ways of asking and of ending ---
  {
    heard: 'Sorry, could you say the second part of the question again? I lost it.',
    source: 'server',
    kind: 'question',
    note: 'A repeat request followed by a short statement; still waiting on the interviewer.',
  },
  {
    heard: 'Does that make sense, or should I go back over the second step?',
    source: 'server',
    kind: 'question',
    note: 'Checks understanding and offers to repeat.',
  },
  {
    heard: "I'm done",
    source: 'browser',
    kind: 'done',
    note: 'The plainest done.',
  },
  {
    heard: "that's basically it yeah",
    source: 'browser',
    kind: 'done',
    note: '"That\'s it" softened.',
  },
  {
    heard: 'nothing more to add from me',
    source: 'browser',
    kind: 'done',
    note: 'Says nothing more is coming.',
  },
  {
    heard: "yeah I think I've covered everything",
    source: 'browser',
    kind: 'done',
    note: 'Declares the answer complete.',
  },
  {
    heard: "sorry that was long that's all",
    source: 'browser',
    kind: 'done',
    note: 'Apology then "that\'s all".',
  },
  {
    heard: "so that's the end of my story",
    source: 'browser',
    kind: 'done',
    note: 'Present-tense statement about the answer (not a past-tense story ending).',
  },
  {
    heard: 'Okay, and that concludes my answer.',
    source: 'server',
    kind: 'done',
    note: 'Explicit close.',
  },
  {
    heard: "I'll wrap it up there.",
    source: 'server',
    kind: 'done',
    note: 'Ends the answer.',
  },
  {
    heard: 'Finished.',
    source: 'server',
    kind: 'done',
    note: 'One-word done after a long answer.',
  },
  {
    heard: "That'd be my answer, I think.",
    source: 'server',
    kind: 'done',
    note: 'Done phrase with a hedge tag.',
  },
];
