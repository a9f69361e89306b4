# Ludus kasutajaliidese tekstid: eesti keel. Kasutavad nii veebiliides kui terminaliliides.

app-title = Ludus
app-tagline = Veski ja backgammon
nav-home = Avaleht
language = Keel
home-intro = Mängi brauseris veskit või backgammonit arvuti või sõbra vastu.
morris-title = Veski
backgammon-title = Backgammon
opt-flying = Lendamine kolme nupuga
opt-opponent = Vastane
opponent-computer = Arvuti
opponent-human = Sõber (kutselink)
opt-level = Arvuti tase (1–10)
opt-side = Minu värv
side-white = Valge
side-black = Must
side-random = Juhuslik
opt-game-type = Mängu liik
game-money = Rahamäng
game-match = Matš
opt-match-length = Matši pikkus (punkti)
opt-cube = Kahekordistuskuubik
start-game = Alusta mängu
recent-games = Viimased mängud
recent-mine = Siin on ainult selles brauseris mängitud mängud.
recent-vs-computer = arvuti vastu
recent-vs-computer-level = arvuti vastu (tase { $level })
recent-vs-friend = sõbra vastu
recent-won = sina võitsid
recent-lost = sina kaotasid
recent-drawn = viik
not-found-title = Ei leitud
not-found-game = Mängu „{ $id }“ ei ole: aadressis võib olla viga või sellist mängu pole kunagi loodud.
not-found-page = Aadressil { $path } pole lehte.
not-found-home = Mine avalehele
no-games = Mänge veel pole.
game-playing = käib
game-finished = lõppenud
watch = Ava
you = sina
computer = arvuti
human = inimene
status-your-turn = Sinu käik.
status-waiting = Ootame: { $side }.
status-thinking = Arvuti mõtleb…
status-watching = Sa vaatad seda mängu.
status-over = Mäng on läbi.
morris-place = Aseta nupp vabale punktile.
morris-move = Vali oma nupp ja siis selle sihtpunkt.
morris-fly = Võid lennata: vali nupp ja siis ükskõik milline vaba punkt.
morris-remove = Veski! Vali vastase nupp, mille eemaldad.
in-hand = käes
on-board = laual
moves = Käigud
no-moves-yet = Käike veel pole.
invite = Kutsu sõber: saada talle see link.
copy = Kopeeri link
copied = Kopeeritud!
position-ids = Seisu tunnused
copy-id = Kopeeri
analyse-position = Analüüsi seda seisu
resign = Anna alla
resign-confirm = Kas tõesti annad alla?
export = Laadi mängu protokoll alla
new-game = Uus mäng
result-win = { $side } võitis.
result-draw = Mäng lõppes viigiga.
result-points = Punkte: { $points }
reason-too-few-pieces = Kaotajal on alla kolme nupu.
reason-blocked = Kaotaja ei saa käia.
reason-threefold-repetition = Sama seis kordus kolm korda.
reason-n-move-rule = Liiga palju käike ilma nupu eemaldamiseta.
reason-resign = Allaandmine.
reason-pass = Kahekordistamisest keelduti.
reason-single = Lihtmäng (üks punkt kuubi väärtuse kohta).
reason-gammon = Gammon (kaks punkti kuubi väärtuse kohta).
reason-backgammon = Backgammon (kolm punkti kuubi väärtuse kohta).
reason-match = Matš on võidetud.
reason-ply-limit = Mäng jõudis lubatud suurima pikkuseni.
bg-roll = Veereta
bg-double = Kahekordista
bg-take = Võta vastu
bg-pass = Loobu
bg-undo = Võta tagasi
bg-confirm = Kinnita käik
bg-pips = Silmi
bg-cube = Kuubik
bg-score = Seis
bg-money = Rahamäng
bg-match = Matš { $length } punktini
bg-crawford = Crawfordi mäng
bg-game-number = Mäng { $number }
bg-double-offered = { $side } kahekordistab { $value }-ni. Võtad vastu või loobud?
bg-waiting-answer = Ootame vastust kahekordistamisele.
bg-roll-or-double = Veereta täringuid või paku kahekordistamist.
bg-move-hint = Klõpsa nupul ja siis esiletõstetud punktil. Lõpuks kinnita.
bg-move-done = Kinnita käik või võta tagasi.
bg-last-game = Eelmine mäng: { $side } võitis { $points ->
    [one] ühe punkti
   *[other] { $points } punkti
  }.
bg-opponent-took = { $side } võttis kahekordistamise vastu: kuubik on { $value }.
bg-bar = latt
bg-off = väljas
error = Viga: { $message }
connection-lost = Ühendus katkes; ühendan uuesti…

# Web UI: settings, playing aids, results, rematch (issue 13)
settings = Seaded
setting-animate = Näita vastase käike animeeritult
setting-coords = Koordinaadid laua ääres (a–g, 1–7)
setting-pips = Silmade arv käigu ajal
setting-hints = Vihjenupp (arvuti vastu)
setting-takeback = Tagasivõtunupp (arvuti vastu)
setting-dblclick = Topeltklõps käib nupu suurema täringuga
setting-autoBearOff = Automaatne väljaviimine, kui muu pole oluline
label-you = Sina
label-computer = Arvuti, tase { $level }
label-friend = Sõber
you-play = Sina mängid: { $side }.
hint = Vihje
hint-thinking = Mõtlen…
hint-move = Vihje: { $move } ({ $value })
hint-double = Vihje: kahekordista.
hint-no-double = Vihje: ära kahekordista, veereta.
hint-take = Vihje: võta vastu.
hint-pass = Vihje: loobu.
hint-cube = { $hint } Sinu ootusväärtus: ära kahekordista { $nd }, kahekordista ja võetakse vastu { $dt }, kahekordista ja loobutakse { $dp } ({ $plies } käigu ettevaade).
hint-answer = { $hint } Sinu ootusväärtus: võta vastu { $take }, loobu { $pass } ({ $plies } käigu ettevaade).
takeback = Võta käik tagasi
rematch = Kordusmäng
review = Ülevaade
series-score = Seeria: sina { $you } – { $them } { $other } ({ $games ->
    [one] 1 mäng
   *[other] { $games } mängu
  })
result-you-won = Sa võitsid — { $why }
result-you-lost = Sa kaotasid — { $why }
result-you-won-point = Sa võitsid ühe punkti — { $why }
result-you-lost-point = Sa kaotasid ühe punkti — { $why }
result-you-won-points = Sa võitsid { $points } punkti — { $why }
result-you-lost-points = Sa kaotasid { $points } punkti — { $why }
result-you-won-match = Sa võitsid matši { $you }–{ $them }
result-you-lost-match = Sa kaotasid matši { $you }–{ $them }
why-too-few-pieces = alla kolme nupu alles
why-blocked = ei saa käia
why-threefold-repetition = seis kordus kolm korda
why-n-move-rule = liiga palju käike ilma eemaldamiseta
why-resign = allaandmine
why-pass = kahekordistamisest keelduti
why-single = lihtmäng
why-gammon = gammon
why-backgammon = backgammon
why-match = matš
bg-log-no-move = { $dice }: käiku pole
bg-log-doubles = Kahekordistab { $value }-ni
bg-log-beavers = Kahekordistab kohe tagasi { $value }-ni
bg-log-takes = Võtab vastu
bg-log-drops = Loobub
bg-log-resigns = Annab alla
bg-log-resigns-match = Annab matši alla
bg-log-wins = Võidab { $points ->
    [one] ühe punkti
   *[other] { $points } punkti
  }

# Web UI: the game review page (issue 13)
review-title = Mängu ülevaade
review-loading = Mängu hinnatakse…
review-still-making = Mängu hinnatakse endiselt… ({ $seconds } s; pikk matš võtab aega)
review-graph = Mängu graafik
review-graph-bg = Valge võiduvõimalus enne iga otsust
review-graph-morris = Mootori hinnang pärast iga käiku (Valge vaatenurgast)
review-bg-summary = veamäär { $rate } (tuhandikku otsuse kohta, { $decisions } otsust) · { $doubtful ->
    [one] 1 kahtlane
   *[other] { $doubtful } kahtlast
  }, { $errors } viga, { $blunders ->
    [one] 1 suur viga
   *[other] { $blunders } suurt viga
  }
review-morris-summary = { $moves ->
    [one] 1 käik
   *[other] { $moves } käiku
  } · { $inaccuracies ->
    [one] 1 ebatäpsus
   *[other] { $inaccuracies } ebatäpsust
  }, { $mistakes } viga, { $blunders ->
    [one] 1 suur viga
   *[other] { $blunders } suurt viga
  } · keskmine kaotus { $loss } nuppu · täiusliku mängu väärtus muutus { $changes ->
    [one] ühe korra
   *[other] { $changes } korda
  }
review-class-best = parim
review-class-good = hea
review-class-inaccuracy = ebatäpsus
review-class-mistake = viga
review-class-blunder = suur viga
review-double = kahekordista
review-no-double = ära kahekordista
review-take = võta vastu
review-pass = loobu
review-step = Otsus { $number }/{ $total }
review-played = Käidud
review-best = Parim
review-loss = Kaotus
review-perfect = Täiuslik mäng
review-perfect-win = võit
review-perfect-loss = kaotus
review-perfect-draw = viik
review-perfect-win-in = võit { $plies } poolkäiguga
review-perfect-loss-in = kaotus { $plies } poolkäiguga
review-perfect-changed = (muutus)
review-unknown = teadmata
review-white-chance = Valge võiduvõimalus: { $percent } %
review-first = Algusesse
review-prev = Eelmine
review-next = Järgmine
review-last = Lõppu
review-back = Tagasi mängu juurde
review-double-take = kahekordista, võetakse vastu
review-double-pass = kahekordista, loobutakse
review-axis-bg = Püsttelg: Valge võiduvõimalus · rõhttelg: otsus
review-axis-morris = Püsttelg: mootori hinnang Valgele nuppudes · rõhttelg: käik
review-luck = Veeretuse õnn: { $luck }
review-luck-total = õnn { $luck } (veeretusi: { $rolls })
review-col-play = Käik
review-col-action = Tegevus
review-col-move = Käik
review-col-equity = Väärtus
review-col-difference = Vahe
review-col-win = Võit g bg %
review-col-lose = Kaotus g bg %
review-col-plies = Sügavus
review-plies = { $plies }
review-col-engine = Mootor
review-col-databases = Andmebaasid
review-not-in-databases = andmebaasides pole
review-flip = Pööra
review-flip-keys = Pööra laud ümber (f)
review-keys = Klahvid: ←/→ samm · ↑/↓ eelmine/järgmine viga · Home/End · f pöörab laua ümber
review-open = Ava mäng ülevaateks
review-open-intro = Kleebi või vali backgammoni matš (.mat või SGF), veskimängu mängukirje või Luduse mängu link.
review-open-file = Fail
review-open-paste = Kleebi siia mängukirje või link
review-open-go = Vaata üle
err-bad-record = See tekst pole Luduse mängu link, backgammoni matš (.mat või SGF) ega veskimängu mängukirje: { $reason }
analysis-board = Analüüsilaud
analysis-board-paste = Seis
analysis-board-dice = Täringud
analysis-board-plies = Ettevaade (backgammon)
analysis-board-go = Analüüsi
analysis-board-formats = Kleebi gnubg Position ID (või Position ID:Match ID), XGID või Sanmilli FEN; aadressi saab jagada.
analysis-board-to-move = Käik: { $side }
analysis-board-pips = silmi { $player } : { $opponent }
analysis-board-no-dice = Sisesta täringud (nt 31), et käike järjestada.
rollout-trials = Katseid
rollout-start = Veereta välja
rollout-stop = Peata
rollout-none = Väljaveeretus, { $trials } katset: ühtki pole veel mängitud.
rollout-result = { $subject }, { $done } / { $trials } katset ({ $how }): { $measure } { $equity } ± { $ci } (95 %), võit { $win } % (gammon { $gammon } %), kaotus { $lose } % (gammon { $lose_gammon } %).
rollout-length = Mängud
rollout-length-truncated = katkestatud 10 käigu järel
rollout-length-full = lõpuni mängitud
rollout-how-truncated = võrk 0 käigu ettevaatega, katkestatud 10 käigu järel, õnnega korrigeeritud
rollout-how-full = võrk 0 käigu ettevaatega, iga mäng lõpuni mängitud, õnnega korrigeeritud
rollout-subject-position = Väljaveeretus
rollout-subject-play = Käigu { $play } ({ $dice }) väljaveeretus selle käija vaatest
rollout-play = Käik
rollout-cube = Kuubik
rollout-cube-cubeless = välja jäetud (kuubita)
rollout-cube-cubeful = mängus (rahamäng, keskel)
rollout-measure-cubeless = kuubita ootusväärtus
rollout-measure-cubeful = kuubiga ootusväärtus (rahamäng, kuubik keskel väärtusega 1)
rollout-finished = Valmis.
rollout-stopped = Peatatud.
analysis-board-measure-cubeless = Käigud on hinnatud kuubita ootusväärtusega (rahamäng); võimalused pärast iga käiku: võit, gammon, backgammon / kaotus, gammon, backgammon %.
analysis-board-measure-cubeful = Käigud on hinnatud kuubiga ootusväärtusega seisu järgi (matši võiduvõimalus ootusväärtusena); võimalused pärast iga käiku: võit, gammon, backgammon / kaotus, gammon, backgammon %.
analysis-board-chances = Enne veeretamist: võit { $win } % (gammon { $gammon } %), kaotus { $lose } % (gammon { $lose_gammon } %), ootusväärtus { $equity }
analysis-cube-title = Kuubiku otsus
analysis-cube-exact = täpne: väljaviimise andmebaas
analysis-ply = sügavus { $plies }
analysis-cube-proper = Õige otsus: { $action }
analysis-cube-take-point = vastuvõtupiir { $percent } %
cube-action-not-available = kahekordistada ei saa (kuubik pole sinu käes)
cube-action-no-double-take = ära kahekordista, võetakse vastu
cube-action-no-redouble-take = ära kahekordista uuesti, võetakse vastu
cube-action-double-take = kahekordista, võetakse vastu
cube-action-redouble-take = kahekordista uuesti, võetakse vastu
cube-action-double-pass = kahekordista, loobutakse
cube-action-redouble-pass = kahekordista uuesti, loobutakse
cube-action-too-good-to-double-pass = liiga hea kahekordistamiseks, loobutakse
cube-action-too-good-to-redouble-pass = liiga hea uuesti kahekordistamiseks, loobutakse
cube-action-too-good-to-double-take = liiga hea kahekordistamiseks, võetakse vastu
cube-action-too-good-to-redouble-take = liiga hea uuesti kahekordistamiseks, võetakse vastu
cube-action-no-double-beaver = ära kahekordista, vastane kahekordistab kohe tagasi
cube-action-double-beaver = kahekordista, vastane kahekordistab kohe tagasi
cube-action-no-redouble-beaver = ära kahekordista uuesti, vastane kahekordistab kohe tagasi
cube-action-redouble-beaver = kahekordista uuesti, vastane kahekordistab kohe tagasi
analysis-board-play-this = Käi see käik laual
analysis-board-move = Käik
analysis-board-play = Käi
analysis-board-variation-empty = Käike pole veel: klõpsa järjestatud käigul, kirjuta käik või (veskis) tee see laual.
analysis-board-over = Selles seisus on mäng läbi.
edit-position = Muuda seisu
edit-done = Valmis
edit-game = Mäng
edit-clear = Tühjenda laud
edit-start-position = Algseis
edit-hint-backgammon = Klõpsa punktil (või latil), et lisada valitud värvi nupp; paremklõps või eemaldamise tööriist võtab ühe ära. Lauale panemata nupud on välja viidud.
edit-hint-morris = Klõpsa punktil: tühi → Valge → Must → tühi.
edit-tool = Klõps lisab
edit-tool-remove = Eemalda
edit-on-roll = Veeretaja
edit-side-to-move = Käigul
edit-in-hand = { $side } käes
edit-cube-owner = Kuubiku omanik
edit-cube-centre = Keskel
edit-length = Matši pikkus (0: rahamäng)
edit-score = { $side } punktid
edit-err-checkers = Poolel { $side } on juba { $count } nuppu.
edit-err-dice = Määra mõlemad täringud või mitte kumbagi.
edit-err-pieces = Poolel { $side } on laual ja käes juba { $count } nuppu.
edit-note-skipped = { $side } kõik { $count } nuppu on juba laual, seega sai { $point } teise värvi.
play-from-here = Mängi siit edasi
play-from-here-hint = Mängi seda seisu arvuti vastu.
play-from-here-go = Alusta mängu
analysis-db-value = andmebaasid: { $value }
analysis-db-unknown = andmebaasides pole
analysis-db-none = Lõppmängu andmebaasid: ühtegi nende käikude järgset seisu neis pole.
err-bad-start = Algseisu ei saa kasutada: { $reason }

# terminal UI (ludus play; crates/tui)
tui-input = Käik
tui-matches = { $count ->
    [one] 1 sobiv
   *[other] { $count } sobivat
  }
tui-keys-morris = Kirjuta käik (Tab täiendab) · h vihje · u tagasi · q välju · ? klahvid
tui-keys-bg = r veereta · d topelt · t võta · p loobu · h vihje · u tagasi · q välju · ? abi
tui-too-small = Lauda näed, kui terminal on vähemalt { $width }×{ $height }.
tui-quit-confirm = Lahkuda mängust? (y/n)
tui-resign-or-leave = y: anna alla ({ $points ->
    [one] 1 punkt
   *[other] { $points } punkti
  }) · l: lahku, jätka hiljem --load abil · n: mängi edasi
tui-ambiguous = Mitu käiku algab „{ $prefix }“: { $moves }
tui-no-match = Ükski lubatud käik ei alga „{ $prefix }“.
tui-not-selectable = Punktiga { $square } pole praegu midagi teha.
tui-hint = Vihje: { $move } ({ $value })
tui-nothing-to-undo = Pole midagi tagasi võtta.
tui-undone = Käik võeti tagasi.
tui-computer-played = Arvuti käis { $move }.
tui-level = tase { $level }
tui-rules = Reeglid
tui-rules-standard = tavalised (kolmega lendamine)
tui-rules-no-flying = lendamiseta
tui-phase = Faas
tui-phase-placement = paigutamine
tui-phase-movement = käimine
tui-phase-flying = lendamine
tui-cube-off = Selles mängus kuubikut ei kasutata.
tui-no-legal-move = Veeretusega { $dice } ei saa ükski nupp käia.
tui-bg-choose-destination = Nüüd vali, kuhu nupp läheb.
tui-bg-cannot-move-there = Sealt ei saa praegu ükski nupp käia.
tui-bg-hint-take = võta vastu
tui-bg-hint-pass = loobu
tui-bg-hint-double = kahekordista
tui-bg-hint-roll = veereta, ära kahekordista
tui-bg-hint-cube = Vihje: { $action } (väärtus mängijale { $side }: { $value })
tui-bg-hint-equities = Väärtused mängijale { $side }:
tui-bg-cannot-move = ei saa käia
tui-bg-played = { $side } käis { $move }.
tui-bg-next-game = Enter: järgmine mäng · q: lahku.
tui-bg-roll = Veereta täringuid (r).
tui-bg-move = Kirjuta käik või vali nupp ja siis selle punkt.
tui-bg-centred = keskel
tui-pips = Silmi
tui-bg-move-done = Enter kinnitab käigu; u võtab nupu tagasi.
tui-bg-takes = { $side } võtab vastu.
# terminal UI: help, saving, results, review (issue 13)
tui-quit-saved = Lahkuda mängust (y/n)? See on salvestatud faili { $path }; jätka --load abil.
tui-leave-unsaved = Lahkuda? Mäng pole salvestatud. s: salvesta ({ $path }) · y: lahku salvestamata · n: jää
tui-save-prompt = Salvesta faili: { $path }▏ Enter salvestab ja lahkub · Esc loobub
tui-save-failed = Faili { $path } ei saanud salvestada: { $error }
tui-resign-or-leave-unsaved = y: anna alla ({ $points ->
    [one] 1 punkt
   *[other] { $points } punkti
  }) · l: lahku (pakub salvestamist) · n: mängi edasi
tui-help-title = Klahvid
tui-help-close = Iga klahv sulgeb abi.
tui-help-type = a–g 1–7 - x     kirjuta käik: d6, d6-d5, g7xd1
tui-help-tab = Tab             täienda kirjutatud käiku
tui-help-enter = Enter           tee kirjutatud käik või vali kursori all olev punkt
tui-help-arrows = nooled, hiir    liiguta kursorit, vali punkte
tui-help-backspace = Backspace       kustuta kirjutatut või viimati valitud punkt, mitte käiku
tui-help-esc = Esc             tühjenda kirjutatud käik ja valik
tui-help-hint = h               vihje: mootori käik ja selle väärtus
tui-help-undo = u               võta oma viimane käik tagasi (ja arvuti vastus)
tui-help-new = n               pärast mängu: kordusmäng vahetatud pooltega
tui-help-review = a               pärast mängu: ülevaade (←/→ samm, ↑/↓ vead)
tui-help-quit = q               lahku (pakub salvestamist, kui mäng pole salvestatud)
tui-help-help = ?               see abi
tui-help-bg-type = 24/18 13/11     kirjuta käik (Tab täiendab, Enter mängib)
tui-help-bg-pick = nooled, hiir    vali nupp, siis selle punkt; Enter kinnitab
tui-help-bg-backspace = Backspace       kustuta kirjutatut, mitte juba tehtud käiku
tui-help-bg-undo = u               võta nupp tagasi, arvuti vastu ka oma viimane käik
tui-help-bg-cube = r d t p         veereta · kahekordista · võta · loobu
tui-help-bg-next = n, Enter        pärast mängu: järgmine mäng (pärast matši kordusmatš)
tui-help-bg-review = a               pärast mängu: ülevaade (←/→ samm, ↑/↓ vead)
tui-help-bg-quit = q               anna alla või lahku (pakub salvestamist)
tui-reviewing = Hindan mängu…
tui-reviewing-progress = Hindan mängu: käik { $done }/{ $total } { $gauge } · Esc katkestab
tui-review-cancelled = Ülevaade katkestatud.
tui-review-failed = Ülevaate tegemine ebaõnnestus.
tui-review-keys = Ülevaade: ←/→ samm · ↑/↓ eelmine/järgmine viga · Esc sulgeb · q lahkub
tui-review-title = Ülevaade: käik { $index }/{ $total }
tui-review-start = Algseis.
tui-review-player = { $who }: { $errors } viga · kaotus { $loss } käigu kohta
tui-review-counts = { $best ->
    [one] 1 parim
   *[other] { $best } parimat
  } · { $good ->
    [one] 1 hea
   *[other] { $good } head
  } · { $inaccuracies ->
    [one] 1 ebatäpsus
   *[other] { $inaccuracies } ebatäpsust
  } · { $mistakes } viga · { $blunders ->
    [one] 1 suur viga
   *[other] { $blunders } suurt viga
  } · täpne väärtus kaotatud { $perfect }×
tui-review-values = tehtud: { $played } · parim { $best }: { $value }
tui-review-perfect = Täiuslik mäng: { $before } → { $after }
tui-review-graph = Valge eelis (! suur viga, ? viga, · ebatäpsus, ▲ näidatud)
tui-class-best = parim
tui-class-good = hea
tui-class-inaccuracy = ebatäpsus
tui-class-mistake = viga
tui-class-blunder = suur viga
tui-morris-over-keys = n: kordusmäng · a: ülevaade · q: lahku
tui-you-won = Sina võitsid — { $why }.
tui-you-lost = Sina kaotasid — { $why }.
tui-result-draw = Viik — { $why }.
tui-why-too-few-pieces = alles kaks nuppu
tui-why-blocked = blokeeritud
tui-why-threefold-repetition = kolmekordne kordus
tui-why-n-move-rule = liiga palju käike ilma eemaldamiseta
tui-label-you = Sina
tui-label-friend = Sõber
tui-label-computer = Arvuti, tase { $level }
tui-tally = Mänge: võite { $won } · viike { $drawn } · kaotusi { $lost }
tui-bg-you-won = Sina võitsid { $points ->
    [one] ühe punkti
   *[other] { $points } punkti
  } — { $why }.
tui-bg-you-lost = Sina kaotasid { $points ->
    [one] ühe punkti
   *[other] { $points } punkti
  } — { $why }.
tui-bg-why-single = lihtmäng
tui-bg-why-gammon = gammon
tui-bg-why-backgammon = backgammon
tui-bg-why-pass = kahekordistamisest keelduti
tui-bg-why-resign = allaandmine
tui-bg-auto-bear-off = Automaatselt välja viidud: { $move }.
tui-bg-rematch = n: kordusmatš vahetatud pooltega · a: ülevaade · q: lahku.
tui-bg-review-title = Ülevaade: otsus { $index }/{ $total }
tui-bg-review-graph = Valge väärtus (! suur viga, ? viga, · kahtlane)
tui-bg-review-player = { $who }: { $errors } viga, { $blunders ->
    [one] 1 suur viga
   *[other] { $blunders } suurt viga
  } · veamäär { $rate }
tui-bg-review-keys = Ülevaade: ←/→ samm · ↑/↓ eelmine/järgmine viga · a/Esc sulgeb · q lahkub

# Post-game analysis of a backgammon match (web and terminal UI).
analysis = Analüüs
analysis-loading = Analüüsin matši…
analysis-checker-loss = Nuppude käikudega kaotatud
analysis-cube-loss = Kuubikuga kaotatud
analysis-error-rate = Veamäär (1000 kohta)
analysis-mark-doubtful = kahtlane
analysis-mark-error = viga
analysis-mark-blunder = suur viga
analysis-best = parim
analysis-decision = Mäng { $game }, otsus { $number }:
analysis-no-errors = Märgitud vigu pole.
analysis-title = Analüüs (a: sulge)
analysis-key = a: analüüs

# Errors of the API and the rules, by code (`err-<code>`; see docs/server.md). A `side` is a seat name.
err-game-over = Mäng on läbi.
err-not-your-turn = Praegu ei ole { $side } käik.
err-no-such-action = Selles mängus pole tegevust „{ $action }“.
err-must-place = { $side } käes on veel { $count ->
    [one] 1 nupp
   *[other] { $count } nuppu
  } ja ta peab ühe asetama.
err-nothing-in-hand = { $side } käes pole enam nuppe, ta peab nuppu liigutama.
err-occupied = Punkt { $square } on hõivatud.
err-not-own-piece = Punktil { $square } ei ole { $side } nuppu.
err-not-adjacent = { $to } ei ole punkti { $from } naaber.
err-removal-missing = { $move } moodustab veski: vali eemaldatav nupp.
err-no-mill = { $move } ei moodusta veskit, seega ei tohi midagi eemaldada.
err-not-opponent-piece = Punktil { $square } ei ole eemaldatavat { $side } nuppu.
err-protected-by-mill = { $square } on veskis, aga { $side } nuppe on ka väljaspool veskeid.
err-illegal-move = { $move } ei ole siin lubatud käik.
err-empty-move = Sisesta käik, näiteks d6 või 24/18 13/11.
err-unknown-square = „{ $text }“ ei ole laua punkt.
err-unreadable-move = „{ $move }“ ei ole loetav käik.
err-null-move = „{ $move }“ jätab nupu paigale.
err-unknown-rules = Tundmatud reeglid „{ $text }“.
err-bad-position-text = Seisu ei saa lugeda.
err-illegal-position = Sellist seisu ei saa tekkida.
err-must-roll-or-double = Kõigepealt veereta täringuid või kahekordista.
err-double-pending = Kahekordistamine ootab vastust: võta vastu või loobu.
err-must-move = Kõigepealt käi veeretatud { $dice }.
err-resignation-pending = Allaandmine ootab vastust.
err-double-before-rolling = Kahekordistada saab ainult enne veeretamist.
err-double-crawford = Crawfordi mängus ei kahekordistata.
err-double-cube-owned = Kuubik on vastase käes.
err-double-cube-ceiling = Kuubik on juba suurimal väärtusel.
err-cube-off = Selles mängus kuubikut ei kasutata.
err-double-pointless = Selle mängu võit praeguse panusega võidab juba matši.
err-beavers-off = Kohene tagasikahekordistamine (beaver) pole lubatud.
err-beaver-past-ceiling = Kohene tagasikahekordistamine viiks kuubiku üle suurima väärtuse.
err-match-over = Matš on läbi.
err-game-in-progress = Mäng käib veel.
err-no-such-step = Punktist { $from } punkti { $to } ei saa praegu ükski nupp käia.
err-move-complete = Käik on valmis: kinnita see või võta nupp tagasi.
err-not-moving = Praegu ei tehta käiku.
err-bad-dice = „{ $text }“ ei ole täringuveeretus.
err-bad-position-id = „{ $id }“ ei ole Position ID.
err-bad-match-id = See ei ole Match ID.
err-unknown-game = Tundmatu mäng „{ $text }“.
err-unknown-opponent = Tundmatu vastane „{ $text }“.
err-unknown-side = Tundmatu pool „{ $text }“.
err-unknown-action = Tundmatu tegevus „{ $text }“.
err-bad-level = Tase { $level } ei ole vahemikus { $min } kuni { $max }.
err-bad-plies = Ettevaadet { $plies } käiku ei pakuta (0 kuni { $max }).
err-rules-not-object = Reeglite valikutest ei saa aru.
err-unknown-rule-option = Tundmatu reeglivalik „{ $option }“.
err-bad-rule-value = Reeglivalikul „{ $option }“ ei saa olla sellist väärtust.
err-bad-steps = Nupukäike ei saa lugeda.
err-bad-query = Aadressi parameetritest ei saadud aru.
err-unreadable-position = „{ $text }“ ei ole Position ID, XGID ega Sanmilli FEN.
err-play-needs-dice = Sisesta täringud, millega käik tehakse (nt 31).
err-steps-need-backgammon = Nuppe saab käia ainult backgammoni seisus.
err-play-ends-game = See käik lõpetab mängu: tulemus on teada, pole midagi välja veeretada.
err-setup-no-checkers = Poolel { $side } pole laual ühtegi nuppu.
err-setup-score = Poole { $side } punktid peavad olema väiksemad kui matši pikkus ({ $length }).
err-setup-length = Matši pikkus peab olema 0 (rahamäng) kuni 25.
err-setup-cube = Kuubik peab olema 1, 2, 4, 8, 16, 32 või 64.
err-setup-few-pieces = Poolel { $side } on alla kolme nupu ja käes pole ühtegi: mäng oleks läbi.
err-setup-hands = Sellised käes olevad nupud ei saa tekkida: Valge paigutab esimesena, nii et Valge käigul on mõlemal võrdselt, Musta käigul on Mustal üks rohkem (või mõlemal null).
err-setup-checkers = Poolel { $side } on laual ja latil { $count } nuppu; kõige rohkem võib olla 15.
err-setup-pieces = Poolel { $side } on laual ja käes { $count } nuppu; kõige rohkem võib olla 9.
err-setup-over = Selles seisus on mäng juba läbi.
err-setup-pending = Kahekordistamine või allaandmine ootab vastust.
err-setup-blocked = Pool { $side } on käigul, kuid ei saa käia: mäng oleks läbi.
err-not-websocket = See aadress ootab WebSocket-ühendust.
err-body-too-large = Päring on liiga suur.
err-not-json = Päring ei ole JSON.
err-bad-json = Päringust ei saadud aru.
err-not-seated = Selle lingiga ei ole selles mängus kohta.
err-no-such-game = Sellist mängu ei ole.
err-bad-trials = { $trials } katset: väljaveeretus mängib { $min } kordse arvu katseid { $min } kuni { $max }.
err-no-such-rollout = Sellist väljaveeretust pole.
err-rollout-running = Sul on väljaveeretus käimas: peata see või oota selle lõppu.
err-rollouts-busy = Server veeretab nii palju kui suudab: proovi varsti uuesti.
err-storage-unavailable = Mänge ei saa praegu salvestada; midagi ei salvestatud. Proovi mõne sekundi pärast uuesti.
err-no-such-endpoint = Serveril pole sellist aadressi.
err-stale-version = Mäng on edasi läinud; laud uuendatakse.
err-analysis-backgammon-only = Analüüsida saab ainult backgammoni mänge.
err-analysis-morris-only = See analüüs on ainult veskimängudele.
err-no-analyser = See server ei oska mänge analüüsida.
err-nothing-to-take-back = Sul pole käiku, mida tagasi võtta.
err-takeback-computer-only = Käike saab tagasi võtta ainult arvuti vastu.
err-internal = Serveris tekkis viga; proovi uuesti.
err-rate-limited = Sinu aadressilt on liiga palju päringuid; proovi uuesti { $seconds } s pärast.
err-too-many-live-games = Sul on juba { $live ->
    [one] 1 lõpetamata mäng
   *[other] { $live } lõpetamata mängu
  } (lubatud { $most }); lõpeta või anna mõni neist enne alla.
err-bad-answer = Vastus ei sobi harjutusega: { $reason }
err-bad-player-file = See pole mängija fail: { $reason }
err-bad-player-key = Harjutamise päring vajab mängija võtit.
err-bad-threshold = Lävendid on mittenegatiivsed ekviteedid.
err-no-such-player = Selle võtmega mängijat pole.
err-no-such-exercise = Sellist harjutust pole.
err-practice-conflict = Sinu harjutusfail muutus vahepeal; proovi uuesti.
err-engine-busy = Mootor on hõivatud; proovi hetke pärast uuesti.
err-engine-share = Sinu aadressilt on juba { $most } mootoripäringut töös või ootel; oota, kuni üks lõpeb.
err-review-running = Sinu üks ülevaade on alles valmimas; oota see ära, enne kui uut küsid.
err-engine-stopped = Mootori töö peatati enne lõppu; küsi uuesti.
err-review-in-progress = Ülevaade on alles valmimas; küsi hetke pärast uuesti.
err-timeout = Server vastas liiga kaua (üle { $seconds } s); proovi uuesti.
err-seed-computer-only = Täringute seemet saab valida ainult mängus arvuti vastu.
err-money-rules-in-match = Jacoby reegel ja kohene tagasikahekordistamine kehtivad ainult rahamängus; see on matš.
err-engine-help-after-game = Mootori abi inimestevahelises mängus on saadaval alles pärast mängu lõppu.
err-bad-invite = See kutse ei kehti: see on vale või juba kasutatud.
err-too-many-sockets = Sinu aadressilt on avatud liiga palju mänguühendusi (lubatud { $most }).
err-not-found = Ei leitud.
err-method-not-allowed = See meetod pole siin lubatud.
err-bad-request = Päringut ei saanud lugeda: { $detail }

## Practice from your own games (terminal: `ludus practice`)
practice-exercise = Harjutus { $number }/{ $total }
practice-question-checker = leia parim käik veeretusele { $dice }
practice-question-double = kas kahekordistada või veeretada? (d: kahekordista, r: veereta)
practice-question-take = kas võtta vastu või loobuda? (t: võta, p: loobu)
practice-question-morris = leia käik, mis hoiab täiusliku mängu väärtust
practice-right = Õige!
practice-right-hint = Õige, vihje abil.
practice-wrong = Vale.
practice-your-answer = Sinu vastus: { $answer }
practice-best = Parim: { $best }
practice-earlier = Mängus käisid: { $played }
practice-ranking = Järjestus ({ $plies } poolkäiku ette):
practice-ranking-perfect = Täiuslik mäng:
practice-due-today = Tuleb täna tagasi.
practice-due-in = { $days ->
    [one] Tuleb homme tagasi.
   *[other] Tuleb tagasi { $days } päeva pärast.
  }
practice-next-keys = Enter: järgmine harjutus · q: lahku
practice-leave-keys = Enter või q: lahku
practice-none-due = Täna pole midagi harjutada: analüüsi oma mänge, et harjutusi saada.
practice-done = Tänane harjutamine on tehtud: { $right } õiget, { $wrong } valet.
practice-added = { $count ->
    [one] 1 uus harjutus.
   *[other] { $count } uut harjutust.
  }
practice-no-progress = Analüüsitud mänge ega vastatud harjutusi veel pole.
practice-col-date = Kuupäev
practice-col-game = Mäng
practice-col-games = Mänge
practice-col-checker = Nupukäik mp/otsus
practice-col-cube = Kuubik mp/otsus
practice-col-value-changes = Väärtuse muutusi/mäng
practice-col-luck = Õnn/mäng
practice-col-exercises = Harjutusi õigeid / valesid

# Practice (practice.js)
practice = Harjutamine
practice-add = Lisa minu vead harjutustesse
practice-added-game = Selle mängu { $count } otsust on nüüd harjutused (kokku { $total }).
practice-go = Harjuta kohe
practice-ask-checker = Leia parim käik visketele { $dice }: liiguta nuppe laual.
practice-ask-double = Sinu visse: kas kahekordistad?
practice-ask-take = Vastane kahekordistab: võtad vastu või loobud?
practice-ask-morris = Leia käik, mis hoiab täiusliku mängu väärtuse (klõpsa see laual või kirjuta, nt d2 või a1-a4xb6):
practice-due = Tänane harjutus { $number }/{ $count } (kokku { $total }).
practice-export = Laadi alla minu harjutusfail
practice-import = Impordi harjutusfail
practice-imported = Harjutusfail ühendatud: { $total } harjutust.
practice-next = Järgmine
practice-no-exercises = Harjutusi veel pole: vaata lõppenud mängu ülevaadet ja lisa oma vead harjutustesse.
practice-no-games = Ühtegi ülevaadatud backgammoni mängu veel pole.
practice-waiting = Täna pole midagi teha. { $total } harjutust ootavad oma päeva.
practice-progress = Edenemine
practice-save = Salvesta
practice-saved = Salvestatud.
practice-submit = Vasta
practice-threshold-checker = Nupukäigu lävend (ekviteet)
practice-threshold-cube = Kuubi lävend (ekviteet)
practice-times = (eksitud { $count } korda)
practice-yours = sinu
progress-game-number = Mäng { $number }
progress-games-axis = ülevaadatud mängud, vanimad ees
progress-plot = Kaotatud millipunktid otsuse kohta, mäng mängult
progress-summary = { $games } ülevaadatud mängu, { $exercises } harjutust, { $answered } vastatud ({ $right } õigesti).
progress-levels-title = Arvuti tasemed
progress-level-advice = Sinu nupukäigud kaotavad { $mp } mp otsuse kohta: proovi taset { $level }, nõrgimat, mis eksib vähem.
progress-level-bg = Backgammon: kaotatud mp käigu kohta
progress-level-morris = Veski: redeli Elo
progress-levels-how = Backgammon: 1000 seisu nupukäigud, hinnanud GNU Backgammon kahe käigu sügavusel (95% vahemik). Veski: iga tase eelmise vastu, tase 1 = 0.
