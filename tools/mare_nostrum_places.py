"""Hand-authored inputs of the Mare Nostrum map builder: areas, cities, sites, ridges.

Every entry says where it comes from. The rulebook (Mare Nostrum, ch.3-4, 17.9) names six
cities, two capitals and four provinces; everything else here is reconstructed from history
and geography and says so. Coordinates are WGS84 lon/lat; city positions come from DARE
(Digital Atlas of the Roman Empire, Johan Åhlfeldt, CC BY-SA 3.0) unless marked otherwise.
"""

from __future__ import annotations

# --- provinces (20, rule 3.1): id, name, seed lon/lat, home empire, source ----------------
# Each land hex goes to the province whose seed is cheapest to reach over land (mountains
# cost more, so ridges tend to become borders).
PROVINCES: list[tuple[str, str, tuple[float, float], str | None, str]] = [
    ("hispania_ulterior", "Hispania Ulterior", (-5.8, 38.2), None,
     "reconstructed: Roman further Spain (Baetica and Lusitania)"),
    ("hispania_citerior", "Hispania Citerior", (-1.8, 41.0), None,
     "reconstructed: Roman nearer Spain (Ebro, Meseta, east coast) with Narbonese Gaul "
     "to the Rhone (balance: Gallia Narbonensis is no province of its own)"),
    ("gallia_cisalpina", "Gallia Cisalpina", (10.2, 45.3), None,
     "reconstructed: the Po valley, Gaul this side of the Alps, with the coast to Massalia"),
    ("etruria", "Etruria", (11.3, 43.1), "rome",
     "rule 17.9: named as a province (here with Latium, Rome's own district)"),
    ("samnium", "Samnium", (14.6, 41.6), "rome", "rule 17.9: named as a province"),
    ("apulia", "Apulia", (16.4, 41.0), "rome", "rule 17.9: named as a province"),
    ("lucania", "Lucania", (16.0, 39.8), "rome",
     "rule 17.9: named as a province (here with Bruttium)"),
    ("macedonia", "Macedonia", (21.6, 40.6), None,
     "reconstructed: Macedon with Epirus, Thessaly and Illyria"),
    ("achaea", "Achaea", (22.7, 37.9), "greece",
     "reconstructed: the Greek city states south of Thermopylae (Roman Achaea)"),
    ("thracia", "Thracia", (25.8, 41.8), None, "reconstructed: Thrace to the Bosporus"),
    ("asia", "Asia", (28.6, 38.6), "persia",
     "reconstructed: Lydia, Ionia, Caria and Mysia, the satrapy of Sardis"),
    ("galatia", "Galatia", (33.5, 39.6), None,
     "reconstructed: inner Anatolia with Bithynia, Pontus and Cappadocia"),
    ("syria", "Syria", (36.6, 35.0), None,
     "reconstructed: Cilicia, Syria, Phoenicia and Judaea (the Seleucid west)"),
    ("phoenicia", "Phoenicia", (35.6, 33.8), None,
     "reconstructed: the Phoenician coast of Tyre, Sidon and Byblos"),
    ("iudaea", "Iudaea", (35.0, 31.5), None,
     "reconstructed: Judaea and the coast between Egypt and Phoenicia"),
    ("mesopotamia", "Mesopotamia", (42.5, 34.8), None,
     "reconstructed: the land between the rivers down to Babylon"),
    ("aegyptus", "Aegyptus", (31.0, 30.3), "egypt", "reconstructed: the Nile delta and valley"),
    ("cyrenaica", "Cyrenaica", (16.5, 31.3), None,
     "reconstructed: the Greek cities of Libya and the Syrtic coast"),
    ("africa", "Africa", (9.8, 35.8), "carthage",
     "reconstructed: Carthage's hinterland (Roman Africa)"),
    ("numidia", "Numidia", (2.0, 35.4), None,
     "reconstructed: Numidia with Mauretania"),
]

# --- islands (13, rule 3.1): id, name, anchor lon/lat, source ------------------------------
# The anchor is a point on the island; a small island whose anchor falls in a mainland
# coastal hex is moved to the nearest free sea hex (there is no room for it at this scale).
ISLANDS: list[tuple[str, str, tuple[float, float], str]] = [
    ("baleares", "Baleares", (2.90, 39.60), "reconstructed: the Balearic islands"),
    ("corsica", "Corsica", (9.10, 42.15), "reconstructed: Corsica"),
    ("sardinia", "Sardinia", (9.00, 40.00), "reconstructed: Sardinia"),
    ("sicilia", "Sicilia", (14.20, 37.55), "reconstructed: Sicily"),
    ("melita", "Melita", (14.40, 35.89), "reconstructed: Malta"),
    ("corcyra", "Corcyra", (19.90, 39.60), "reconstructed: Corfu"),
    ("cephallenia", "Cephallenia", (20.55, 38.20), "reconstructed: Kefalonia"),
    ("creta", "Creta", (24.90, 35.20), "reconstructed: Crete, named in the credits (ch.18)"),
    ("cyclades", "Cyclades", (25.40, 37.08), "reconstructed: Naxos and Paros"),
    ("lesbos", "Lesbos", (26.25, 39.20), "reconstructed: Lesbos"),
    ("chios", "Chios", (26.00, 38.38), "reconstructed: Chios"),
    ("rhodos", "Rhodos", (28.00, 36.20), "reconstructed: Rhodes"),
    ("cyprus", "Cyprus", (33.20, 35.05), "reconstructed: Cyprus"),
]

# --- cities: id, shown name, DARE latin name (or None), lon/lat hint, merchandise,
#     capital_of, island id (None = mainland), source -------------------------------------
# With a DARE name the DARE coordinates are used (the hint only picks among namesakes);
# without one the hint itself is the position and the source says why.
CITIES: list[tuple[str, str, str | None, tuple[float, float], str, str | None, str | None,
                    str]] = [
    # rulebook (example of ch.4, ch.6)
    ("athenae", "Athenae", "Athenae", (23.73, 37.97), "COPPER", "greece", None,
     "example ch.4: Greek capital, COPPER"),
    ("corinthus", "Corinthus", "Korinthos", (22.88, 37.91), "STONE", None, None,
     "example ch.4: STONE"),
    ("sparta", "Sparta", "Sparta", (22.42, 37.08), "STONE", None, None,
     "example ch.4: STONE"),
    ("patrae", "Patrae", "Patrae", (21.74, 38.24), "WOOD", None, None,
     "example ch.4: WOOD (printed PETRAE)"),
    ("nicopolis", "Nicopolis", None, (20.733, 39.008), "SILVER", None, None,
     "example ch.4: SILVER; position of Actian Nicopolis (not in the DARE extract)"),
    ("memphis", "Memphis", "Memphis", (31.25, 29.85), "STONE", "egypt", None,
     "example ch.6: Egyptian capital; STONE reconstructed: the Memphite quarries"),
    # capitals the rulebook does not name
    ("roma", "Roma", "Roma", (12.48, 41.89), "SALT", "rome", None,
     "reconstructed: capital of Rome; SALT for the Tiber salt pans and the Via Salaria"),
    ("carthago", "Carthago", "Carthago", (10.32, 36.85), "GLASS", "carthage", None,
     "reconstructed: capital of Carthage; GLASS for the Punic glass workshops"),
    ("sardis", "Sardis", "Sardis", (28.04, 38.49), "GOLD", "persia", None,
     "reconstructed: Persian capital on a board showing only the empire's west "
     "(seat of the satrap of Lydia); GOLD of the Pactolus"),
    # Hispania
    ("gades", "Gades", "Gades", (-6.29, 36.53), "FISH", None, None,
     "reconstructed: tunny and garum of Gades"),
    ("carthago_nova", "Carthago Nova", "Carthago Nova", (-0.98, 37.60), "SILVER", None, None,
     "reconstructed: the silver mines of New Carthage"),
    ("corduba", "Corduba", "Corduba", (-4.78, 37.88), "OLIVES", None, None,
     "reconstructed: Baetican olive oil"),
    ("hispalis", "Hispalis", "Hispalis", (-5.99, 37.39), "GRAIN", None, None,
     "reconstructed: the Baetis valley grain"),
    ("tarraco", "Tarraco", "Tarraco", (1.26, 41.12), "WINE", None, None,
     "reconstructed: Tarraconensian wine"),
    ("toletum", "Toletum", "Toletum", (-4.02, 39.86), "IRON", None, None,
     "reconstructed: Celtiberian iron and Toledo blades"),
    ("emerita", "Augusta Emerita", "Augusta Emerita", (-6.35, 38.92), "CATTLE", None, None,
     "reconstructed: Lusitanian herds"),
    ("asturica", "Asturica", "Asturica Augusta", (-6.06, 42.46), "GOLD", None, None,
     "reconstructed: the gold mines of Asturia"),
    ("olisipo", "Olisipo", "Olisipo", (-9.13, 38.71), "SALT", None, None,
     "reconstructed: the salt pans of the Tagus"),
    ("caesaraugusta", "Caesaraugusta", "Caesaraugusta", (-0.88, 41.65), "WOOL", None, None,
     "reconstructed: Celtiberian sheep of the Ebro"),
    # Gallia and the north of Italy
    ("massalia", "Massalia", "Massalia", (5.37, 43.30), "WINE", None, None,
     "reconstructed: Massalia brought the vine to Gaul"),
    ("narbo", "Narbo", "Narbo Martius", (3.00, 43.18), "WOOL", None, None,
     "reconstructed: Narbonese wool"),
    ("tolosa", "Tolosa", "Tolosa", (1.44, 43.60), "GOLD", None, None,
     "reconstructed: the gold of Tolosa (Strabo 4.1.13)"),
    ("arelate", "Arelate", "Arelate", (4.62, 43.68), "SALT", None, None,
     "reconstructed: the salt marshes of the Rhone delta"),
    ("mediolanium", "Mediolanum", "Mediolanium", (9.19, 45.46), "GRAIN", None, None,
     "reconstructed: the Po valley grain"),
    ("aquileia", "Aquileia", "Aquileia", (13.37, 45.77), "IRON", None, None,
     "reconstructed: Noric iron traded through Aquileia"),
    ("ravenna", "Ravenna", "Ravenna", (12.20, 44.42), "WOOD", None, None,
     "reconstructed: timber of the Po delta for the fleet"),
    ("luna", "Luna", "Luna", (10.02, 44.06), "STONE", None, None,
     "reconstructed: Luna (Carrara) marble"),
    # Italy
    ("populonia", "Populonia", "Populonia", (10.49, 42.99), "IRON", None, None,
     "reconstructed: Elban iron smelted at Populonia"),
    ("volaterrae", "Volaterrae", "Volaterrae", (10.86, 43.40), "STONE", None, None,
     "reconstructed: the alabaster of Volaterrae (balance: Italy's copper "
     "left to the islands and the east, docs/mare-nostrum-map.md)"),
    ("capua", "Capua", "Capua", (14.25, 41.09), "WINE", None, None,
     "reconstructed: Falernian wine of Campania"),
    ("beneventum", "Beneventum", "Beneventum", (14.77, 41.13), "CATTLE", None, None,
     "reconstructed: Samnite herds"),
    ("ancona", "Ancona", "Ancona", (13.51, 43.63), "FISH", None, None,
     "reconstructed: the Adriatic fishery of Picenum"),
    ("luceria", "Luceria", "Luceria", (15.34, 41.51), "GRAIN", None, None,
     "reconstructed: the Apulian plain"),
    ("taras", "Tarentum", "Taras", (17.23, 40.48), "WOOL", None, None,
     "reconstructed: the famous Tarentine wool"),
    ("brundisium", "Brundisium", "Brundisium", (17.95, 40.64), "OLIVES", None, None,
     "reconstructed: Messapian olive oil"),
    ("metapontum", "Metapontum", "Metapontum", (16.82, 40.38), "GRAIN", None, None,
     "reconstructed: the ear of barley on Metapontine coins"),
    ("rhegion", "Rhegium", "Rhegion", (15.64, 38.11), "FISH", None, None,
     "reconstructed: swordfish and tunny of the straits"),
    # islands of the west
    ("syracusae", "Syracusae", "Syracusae", (15.29, 37.06), "GRAIN", None, "sicilia",
     "reconstructed: Sicilian grain"),
    ("lilybaeum", "Lilybaeum", "Lilybaeum", (12.43, 37.80), "FISH", None, "sicilia",
     "reconstructed: Punic tunny fisheries of western Sicily"),
    ("carales", "Carales", "Carales", (9.12, 39.22), "COPPER", None, "sardinia",
     "reconstructed: the copper of southern Sardinia, cast into oxhide ingots since the "
     "Nuragic age (balance: copper within reach of Carthage, docs/mare-nostrum-map.md)"),
    ("olbia", "Olbia", "Olbia", (9.50, 40.92), "CATTLE", None, "sardinia",
     "reconstructed: Sardinian herds"),
    ("aleria", "Aleria", None, (9.51, 42.09), "WOOD", None, "corsica",
     "reconstructed: Corsican timber; Aleria's site (not in the DARE extract)"),
    ("palma", "Palma", "Palma", (2.65, 39.57), "SALT", None, "baleares",
     "reconstructed: the salt of the Balearic and Pityusic isles"),
    ("melita", "Melita", "Melita", (14.40, 35.89), "WOOL", None, "melita",
     "reconstructed: Melitan cloth"),
    # Greece, Macedon, Thrace, the Aegean
    ("pella", "Pella", "Pella", (22.52, 40.75), "WOOD", None, None,
     "reconstructed: Macedonian ship timber (balance of session 13: the iron once placed "
     "here for Greece is withdrawn, docs/mare-nostrum-map.md)"),
    ("amphipolis", "Amphipolis", "Amphipolis", (23.84, 40.82), "GOLD", None, None,
     "reconstructed: the gold of Mount Pangaion"),
    ("dyrrachion", "Dyrrachium", "Dyrrachion", (19.45, 41.31), "GRAIN", None, None,
     "reconstructed: the Illyrian coastal plain"),
    ("byzantium", "Byzantium", "Byzantium", (28.98, 41.01), "FISH", None, None,
     "reconstructed: the tunny run of the Bosporus"),
    ("lysimacheia", "Lysimacheia", "Lysimacheia", (26.75, 40.55), "GRAIN", None, None,
     "reconstructed: grain of the Thracian Chersonese"),
    ("philippopolis", "Philippopolis", "Philippopolis", (24.75, 42.15), "CATTLE", None, None,
     "reconstructed: Thracian horses"),
    ("korkyra", "Corcyra", "Korkyra", (19.92, 39.61), "WINE", None, "corcyra",
     "reconstructed: Corcyraean wine, shipped in its own amphorae (balance of session 13: "
     "the salt once placed here for Greece is withdrawn, docs/mare-nostrum-map.md)"),
    ("krane", "Krane", "Krane", (20.49, 38.17), "WINE", None, "cephallenia",
     "reconstructed: Cephallenian wine"),
    ("gortyna", "Gortyna", "Gortyna", (24.95, 35.06), "OLIVES", None, "creta",
     "reconstructed: Cretan olive oil"),
    ("naxos", "Naxos", None, (25.38, 37.10), "STONE", None, "cyclades",
     "reconstructed: Naxian and Parian marble; Naxos town (not in the DARE extract)"),
    ("mytilene", "Mytilene", "Mytilene", (26.55, 39.11), "WINE", None, "lesbos",
     "reconstructed: Lesbian wine"),
    ("chios", "Chios", "Chios", (26.13, 38.38), "WINE", None, "chios",
     "reconstructed: Chian wine, the most prized of Greece"),
    ("rhodos", "Rhodos", "Rhodos", (28.23, 36.44), "WINE", None, "rhodos",
     "reconstructed: Rhodian wine amphorae"),
    ("salamis", "Salamis", "Salamis", (33.90, 35.18), "COPPER", None, "cyprus",
     "reconstructed: Cyprus, the island of copper"),
    # Anatolia
    ("ephesos", "Ephesus", "Ephesos", (27.34, 37.94), "OLIVES", None, None,
     "reconstructed: Ionian olive oil"),
    ("pergamon", "Pergamum", "Pergamon", (27.18, 39.13), "GRAIN", None, None,
     "reconstructed: the Caicus valley grain"),
    ("cyzicus", "Cyzicus", "Cyzicus", (27.87, 40.39), "FISH", None, None,
     "reconstructed: Propontic tunny on the coins of Cyzicus"),
    ("apamea_phr", "Apamea", "Apamea", (30.17, 38.07), "STONE", None, None,
     "reconstructed: the Docimian marble of Phrygia, traded through Apamea "
     "(balance: Persia's only STONE within reach, docs/mare-nostrum-map.md)"),
    ("ancyra", "Ancyra", "Ancyra", (32.86, 39.94), "WOOL", None, None,
     "reconstructed: Angora goat hair"),
    ("sinope", "Sinope", "Sinope", (35.15, 42.02), "FISH", None, None,
     "reconstructed: the Pontic tunny"),
    ("nicomedia", "Nicomedia", "Nicomedia", (29.92, 40.76), "WOOD", None, None,
     "reconstructed: Bithynian ship timber"),
    ("mazaka", "Mazaca", "Caesarea", (35.48, 38.73), "CATTLE", None, None,
     "reconstructed: Cappadocian horses"),
    ("trapezus", "Trapezus", "Trapezous", (39.73, 41.01), "IRON", None, None,
     "reconstructed: the iron of the Chalybes"),
    ("side", "Side", "Side", (31.39, 36.77), "WOOD", None, None,
     "reconstructed: Pamphylian cedar"),
    ("iconium", "Iconium", "Iconium", (32.49, 37.87), "IRON", None, None,
     "reconstructed: Anatolian iron of the Taurus foothills, smelted since the Hittites "
     "(balance: iron within reach of Persia)"),
    # Syria, Phoenicia, Judaea
    ("tarsus", "Tarsus", "Tarsus", (34.90, 36.91), "GRAIN", None, None,
     "reconstructed: the Cilician plain"),
    ("antiochia", "Antiochia", "Antiochia", (36.17, 36.20), "OLIVES", None, None,
     "reconstructed: the olive country of northern Syria"),
    ("laodicea", "Laodicea", "Laodicea", (35.78, 35.51), "WINE", None, None,
     "reconstructed: Laodicean wine"),
    ("byblos", "Byblos", "Byblos", (35.65, 34.12), "WOOD", None, None,
     "reconstructed: cedar of Lebanon"),
    ("sidon", "Sidon", "Sidon", (35.37, 33.56), "GLASS", None, None,
     "reconstructed: Sidonian glass"),
    ("tyrus", "Tyrus", "Tyrus", (35.21, 33.27), "WOOL", None, None,
     "reconstructed: Tyrian purple cloth"),
    ("damascus", "Damascus", "Damascus", (36.31, 33.51), "IRON", None, None,
     "reconstructed: the smiths of Damascus (balance: iron within reach of Egypt)"),
    ("ierusalem", "Hierosolyma", "Ierusalem", (35.23, 31.78), "OLIVES", None, None,
     "reconstructed: Judaean olives"),
    ("gaza", "Gaza", "Gaza", (34.46, 31.50), "WINE", None, None,
     "reconstructed: Gazan wine"),
    ("palmyra", "Palmyra", "Palmyra", (38.26, 34.55), "GOLD", None, None,
     "reconstructed: caravan wealth of Palmyra"),
    # Mesopotamia
    ("babylon", "Babylon", "Babylon", (44.42, 32.54), "GRAIN", None, None,
     "reconstructed: Babylonian grain"),
    ("nisibis", "Nisibis", "Nisibis", (41.21, 37.07), "CATTLE", None, None,
     "reconstructed: herds of upper Mesopotamia"),
    ("carrhae", "Carrhae", "Carrhae", (39.03, 36.87), "WOOL", None, None,
     "reconstructed: sheep of Osrhoene"),
    ("arbela", "Arbela", "Arbela", (44.01, 36.19), "GRAIN", None, None,
     "reconstructed: Assyrian grain"),
    ("seleucia", "Seleucia", "Seleucia", (44.52, 33.10), "GLASS", None, None,
     "reconstructed: Mesopotamian glass"),
    # Egypt, Libya, Africa, Numidia
    ("alexandria", "Alexandria", "Alexandria", (29.90, 31.20), "GRAIN", None, None,
     "reconstructed: the grain port of Egypt"),
    ("pelusium", "Pelusium", None, (32.55, 31.04), "FISH", None, None,
     "reconstructed: fisheries of the Pelusiac mouth; site of Tell el-Farama "
     "(not in the DARE extract)"),
    ("sais", "Sais", "Sais", (30.77, 30.97), "WOOL", None, None,
     "reconstructed: delta flax and wool"),
    ("cyrene", "Cyrene", "Cyrene", (21.86, 32.82), "CATTLE", None, None,
     "reconstructed: Cyrenaean horses"),
    ("berenice", "Berenice", "Berenice", (20.06, 32.12), "GRAIN", None, None,
     "reconstructed: grain of the Cyrenaican plateau"),
    ("lepcis", "Lepcis Magna", "Lepcis Magna", (14.29, 32.64), "OLIVES", None, None,
     "reconstructed: Tripolitanian olive oil"),
    ("oea", "Oea", "Oea", (13.18, 32.90), "GOLD", None, None,
     "reconstructed: Saharan gold reaching the Syrtic ports"),
    ("hadrumetum", "Hadrumetum", "Hadrumetum", (10.64, 35.82), "OLIVES", None, None,
     "reconstructed: olives of Byzacena"),
    ("vaga", "Vaga", "Vaga", (9.18, 36.73), "STONE", None, None,
     "reconstructed: the yellow Numidian marble of Simitthus, shipped down the Bagradas "
     "past Vaga (balance: Carthage's only STONE within reach, docs/mare-nostrum-map.md)"),
    ("hippo", "Hippo Regius", "Hippo Regius", (7.75, 36.88), "WOOD", None, None,
     "reconstructed: the oak forests of the Khroumirie behind Hippo and Thabraca "
     "(balance: timber for Carthage's fleet, docs/mare-nostrum-map.md)"),
    ("cirta", "Cirta", "Cirta", (6.61, 36.37), "CATTLE", None, None,
     "reconstructed: Numidian horses"),
    ("icosium", "Icosium", "Icosium", (3.05, 36.77), "IRON", None, None,
     "reconstructed: the iron of the Kabylie hills (balance: iron within reach of Carthage)"),
    ("iol", "Iol", "Iol Caesarea", (2.19, 36.61), "WOOD", None, None,
     "reconstructed: Mauretanian citrus wood"),
    ("siga", "Siga", "Siga", (-1.45, 35.27), "CATTLE", None, None,
     "reconstructed: Masaesylian herds"),
    ("tingis", "Tingis", "Tingis", (-5.81, 35.79), "FISH", None, None,
     "reconstructed: Mauretanian garum"),
    ("volubilis", "Volubilis", "Volubilis", (-5.55, 34.07), "OLIVES", None, None,
     "reconstructed: Mauretanian olive oil"),
]

# --- merchandise hexes without a city: id, name, lon/lat, merchandise, source -------------
SITES: list[tuple[str, str, tuple[float, float], str, str]] = [
    ("laconian_fishery", "Laconian coast", (22.56, 36.76), "FISH",
     "example ch.4: the coastal FISH hex next to Sparta"),
    ("rio_tinto", "Rio Tinto", (-6.60, 37.70), "COPPER",
     "reconstructed: the Iberian Pyrite Belt copper mines"),
    ("cantabria", "Cantabrian mines", (-4.00, 43.15), "IRON",
     "reconstructed: Cantabrian iron"),
    ("castulo", "Castulo", (-3.63, 38.03), "SILVER",
     "reconstructed: the silver-lead mines of the Sierra Morena"),
    ("natron", "Wadi Natrun", (30.35, 30.40), "SALT",
     "reconstructed: the natron lakes west of the delta"),
    ("sinai", "Sinai mines", (33.20, 29.60), "COPPER",
     "reconstructed: the turquoise and copper mines of Sinai, moved north onto the board"),
    ("dead_sea", "Asphaltites", (35.50, 31.30), "SALT",
     "reconstructed: the salt of the Dead Sea"),
    ("chott", "Chott el Djerid", (8.40, 33.95), "SALT",
     "reconstructed: the great salt lake of southern Byzacena"),
    ("thasos", "Thasian mainland", (24.40, 41.00), "SILVER",
     "reconstructed: the mines of Thasos' Thracian peraea"),
    ("taurus_silver", "Taurus mines", (34.60, 37.45), "SILVER",
     "reconstructed: the silver of the Bolkardag in the Taurus"),
    # Italy (balance: Rome's four provinces of 17.9 held two or three merchandise hexes
    # each, so that Rome controlled them far sooner than any other empire its own
    # neighbourhood; docs/mare-nostrum-map.md, "Balance")
    ("clusium", "Clusine fields", (11.95, 43.02), "GRAIN",
     "reconstructed: the wheat of Clusium, praised by Pliny (balance of Italy)"),
    ("venafrum", "Venafran groves", (14.04, 41.48), "OLIVES",
     "reconstructed: the oil of Venafrum, the best of Italy (balance of Italy)"),
]

# --- hexes forced to land although less than half of them is land: name, lon/lat, reason
FORCE_LAND: list[tuple[str, tuple[float, float], str]] = [
    ("Laconia", (22.56, 36.76),
     "example ch.4 needs a coastal FISH hex next to Sparta: the Laconian gulf shore"),
]

# --- mountain ridges (reconstructed): name, polyline lon/lat --------------------------------
RIDGES: list[tuple[str, list[tuple[float, float]]]] = [
    ("Pyrenees", [(-1.8, 43.0), (0.5, 42.7), (2.5, 42.5)]),
    ("Cantabrian Mountains", [(-6.8, 42.9), (-4.5, 43.0)]),
    ("Sistema Central", [(-6.8, 40.2), (-4.0, 40.7)]),
    ("Sierra Nevada", [(-4.0, 37.1), (-2.6, 37.1)]),
    ("Iberian System", [(-2.8, 41.8), (-1.2, 40.4)]),
    ("Massif Central", [(3.0, 45.3), (3.6, 44.4)]),
    ("Alps", [(7.0, 44.1), (7.0, 45.3), (8.2, 46.0), (10.3, 46.3), (12.5, 46.5),
              (14.2, 46.3)]),
    ("Apennines", [(8.6, 44.5), (10.6, 44.2), (12.1, 43.4), (13.3, 42.6), (14.1, 41.8),
                   (15.4, 40.7), (16.1, 39.7), (16.2, 38.7)]),
    ("Dinaric Alps", [(15.5, 45.0), (17.0, 44.0), (18.6, 43.0), (19.8, 42.3)]),
    ("Pindus", [(20.6, 40.5), (21.3, 39.6), (21.9, 38.8)]),
    ("Olympus", [(22.35, 40.08)]),
    ("Haemus", [(22.8, 43.3), (25.0, 42.8), (26.8, 42.7)]),
    ("Rhodope", [(23.6, 41.7), (25.2, 41.5)]),
    ("Taygetus", [(22.3, 36.9)]),
    ("Taurus", [(29.6, 37.2), (31.5, 37.3), (33.3, 37.0), (35.3, 37.7), (37.3, 38.0),
                (39.5, 38.4), (42.0, 38.5)]),
    ("Pontic Mountains", [(34.0, 41.0), (36.8, 40.6), (39.5, 40.6), (42.0, 40.9)]),
    ("Armenian Highlands", [(41.5, 39.5), (43.5, 39.2)]),
    ("Zagros", [(43.8, 37.2), (45.3, 35.8), (46.3, 34.5), (46.9, 33.6)]),
    ("Lebanon", [(36.1, 34.5), (35.8, 33.7)]),
    ("Amanus", [(36.4, 37.0)]),
    ("Atlas", [(-6.5, 32.6), (-4.5, 33.0), (-2.0, 34.0), (1.0, 34.9), (4.0, 35.3),
               (6.5, 35.3), (8.5, 35.2)]),
    ("Rif", [(-5.3, 35.1), (-3.7, 35.0)]),
    ("Cyrenaican plateau", [(21.6, 32.6)]),
]

# --- playable area (reconstructed; see docs/mare-nostrum-map.md) ---------------------------
WEST, EAST, SOUTH = -10.0, 46.8, 29.2


def north_edge(lon: float) -> float:
    """Northern edge of the board at ``lon``: the Alps in the west, the Danube, then the
    southern Black Sea shore in the east."""
    if lon < 15.5:
        return 46.5
    if lon < 19.0:
        return 45.6
    if lon < 28.3:
        return 44.4
    return 43.4


KEEP_DEEP_INLAND: list[tuple[str, tuple[float, float, float, float]]] = [
    # (name, (lon_min, lat_min, lon_max, lat_max)) kept although far from the sea
    ("Nile valley", (29.8, 29.0, 32.4, 31.5)),
    ("Syria and Mesopotamia", (35.4, 31.9, 47.0, 38.0)),
]
