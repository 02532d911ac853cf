# language: fr
Fonctionnalité: site-search — suite de couverture (8 chemins, 87 étapes ; transitions prises : 42 sur 42 (liste exhaustive : 74 chemins, 389 étapes))
  Écrite par `npm run paths -- --all` depuis la machine et ce que ses tests vérifient à l’écran.

  Scénario: site-search-1
    Étant donné que la page est ouverte
    Alors aucune suggestion
    Quand Saisir « h » dans la recherche de l’en-tête (sans relâcher la touche)
    Alors « Rechercher sur le site » contient « h »
    Quand Saisir « hel » dans la recherche de l’en-tête (sans relâcher la touche)
    Alors « Rechercher sur le site » contient « hel »
    Quand Saisir « h » dans la recherche de l’en-tête (sans relâcher la touche)
    Alors « Rechercher sur le site » contient « h »
    Quand Relâcher la touche, la recherche contenant « h »
    Alors rien ne change à l’écran
    Quand Relâcher la touche, la recherche contenant « zoe »
    Alors « Rechercher sur le site » contient « zoe »
    Quand Saisir « hel » dans la recherche de l’en-tête (sans relâcher la touche)
    Alors « Rechercher sur le site » contient « hel »
    Quand Saisir « hel  » dans la recherche de l’en-tête (sans relâcher la touche)
    Alors « Rechercher sur le site » contient « hel  »
    Quand Relâcher la touche, la recherche contenant « hel  »
    Alors rien ne change à l’écran
    Quand Vider la recherche (sa croix) et relâcher la touche
    Alors « Rechercher sur le site » vide
    Quand Saisir « hel » dans la recherche de l’en-tête (sans relâcher la touche)
    Alors « Rechercher sur le site » contient « hel »
    Quand La pause est passée : la requête part
    Alors rien ne change à l’écran
    Quand Relâcher la touche, la recherche contenant « hel »
    Alors rien ne change à l’écran

  Scénario: site-search-2
    Étant donné que la page est ouverte
    Alors aucune suggestion
    Quand Saisir « hel » dans la recherche de l’en-tête (sans relâcher la touche)
    Alors « Rechercher sur le site » contient « hel »
    Quand La pause est passée : la requête part
    Alors rien ne change à l’écran
    Quand Relâcher la touche, la recherche contenant « zoe »
    Alors « Rechercher sur le site » contient « zoe »
    Quand La pause est passée : la requête part
    Alors rien ne change à l’écran
    Quand Vider la recherche (sa croix) et relâcher la touche
    Alors « Rechercher sur le site » vide
    Quand Saisir « hel » dans la recherche de l’en-tête (sans relâcher la touche)
    Alors « Rechercher sur le site » contient « hel »
    Quand La pause est passée : la requête part
    Alors rien ne change à l’écran
    Quand Le serveur répond avec 3 suggestions
    Alors 3 suggestions : « Hélène Rochat », « Lecture publique avec Hélène Crettenand », « Hélène Zufferey élue présidente du Grand Conseil », aucune en surbrillance ; le message « 14 résultats, 3 suggestions : flèches haut et bas pour choisir » ; le lien « Tous les résultats pour « hel » »
    Quand Saisir « h » dans la recherche de l’en-tête (sans relâcher la touche)
    Alors « Rechercher sur le site » contient « h » ; aucune suggestion
    Quand Saisir « hel » dans la recherche de l’en-tête (sans relâcher la touche)
    Alors « Rechercher sur le site » contient « hel »
    Quand La pause est passée : la requête part
    Alors rien ne change à l’écran
    Quand Le serveur répond : aucun résultat
    Alors le message « Aucun résultat pour « hel ». Vérifiez l’orthographe, ou essayez un autre mot. » ; le lien « Tous les résultats pour « hel » »

  Scénario: site-search-3
    Étant donné que la page est ouverte
    Alors aucune suggestion
    Quand Saisir « hel » dans la recherche de l’en-tête (sans relâcher la touche)
    Alors « Rechercher sur le site » contient « hel »
    Quand La pause est passée : la requête part
    Alors rien ne change à l’écran
    Quand L’appel de la recherche échoue
    Alors le message « La recherche n’a pas pu aboutir. » ; le bouton « Réessayer » ; le lien « Tous les résultats pour « hel » »
    Quand Saisir « h » dans la recherche de l’en-tête (sans relâcher la touche)
    Alors « Rechercher sur le site » contient « h » ; pas de bouton « Réessayer »
    Quand Saisir « hel » dans la recherche de l’en-tête (sans relâcher la touche)
    Alors « Rechercher sur le site » contient « hel »
    Quand La pause est passée : la requête part
    Alors rien ne change à l’écran
    Quand L’appel tarde ou échoue : nouvel essai 1 sur 2
    Alors le message « Connexion lente ou serveur occupé : nouvel essai en cours… » ; le lien « Tous les résultats pour « hel » »
    Quand Relâcher la touche, la recherche contenant « hel »
    Alors rien ne change à l’écran
    Quand Relâcher la touche, la recherche contenant « zoe »
    Alors « Rechercher sur le site » contient « zoe »
    Quand La pause est passée : la requête part
    Alors rien ne change à l’écran
    Quand Le serveur répond avec 3 suggestions
    Alors 3 suggestions : « Hélène Rochat », « Lecture publique avec Hélène Crettenand », « Hélène Zufferey élue présidente du Grand Conseil », aucune en surbrillance ; le message « 14 résultats, 3 suggestions : flèches haut et bas pour choisir » ; le lien « Tous les résultats pour « zoe » »
    Quand Saisir « hel » dans la recherche de l’en-tête (sans relâcher la touche)
    Alors « Rechercher sur le site » contient « hel » ; le lien « Tous les résultats pour « hel » »

  Scénario: site-search-4
    Étant donné que la page est ouverte
    Alors aucune suggestion
    Quand Saisir « hel » dans la recherche de l’en-tête (sans relâcher la touche)
    Alors « Rechercher sur le site » contient « hel »
    Quand La pause est passée : la requête part
    Alors rien ne change à l’écran
    Quand Le serveur répond avec 3 suggestions
    Alors 3 suggestions : « Hélène Rochat », « Lecture publique avec Hélène Crettenand », « Hélène Zufferey élue présidente du Grand Conseil », aucune en surbrillance ; le message « 14 résultats, 3 suggestions : flèches haut et bas pour choisir » ; le lien « Tous les résultats pour « hel » »
    Quand Saisir « hel  » dans la recherche de l’en-tête (sans relâcher la touche)
    Alors « Rechercher sur le site » contient « hel  »
    Quand Relâcher la touche, la recherche contenant « hel  »
    Alors rien ne change à l’écran
    Quand Relâcher la touche, la recherche contenant « zoe »
    Alors « Rechercher sur le site » contient « zoe » ; le lien « Tous les résultats pour « zoe » »
    Quand La pause est passée : la requête part
    Alors rien ne change à l’écran
    Quand Le serveur répond avec 3 suggestions
    Alors le message « 14 résultats, 3 suggestions : flèches haut et bas pour choisir »
    Quand Vider la recherche (sa croix) et relâcher la touche
    Alors « Rechercher sur le site » vide ; aucune suggestion

  Scénario: site-search-5
    Étant donné que la page est ouverte
    Alors aucune suggestion
    Quand Saisir « hel » dans la recherche de l’en-tête (sans relâcher la touche)
    Alors « Rechercher sur le site » contient « hel »
    Quand La pause est passée : la requête part
    Alors rien ne change à l’écran
    Quand Le serveur répond avec 3 suggestions
    Alors 3 suggestions : « Hélène Rochat », « Lecture publique avec Hélène Crettenand », « Hélène Zufferey élue présidente du Grand Conseil », aucune en surbrillance ; le message « 14 résultats, 3 suggestions : flèches haut et bas pour choisir » ; le lien « Tous les résultats pour « hel » »
    Quand Appuyer sur la flèche bas
    Alors 3 suggestions : « Hélène Rochat », « Lecture publique avec Hélène Crettenand », « Hélène Zufferey élue présidente du Grand Conseil », « Hélène Rochat » en surbrillance
    Quand Appuyer sur Échap (ou quitter la recherche)
    Alors aucune suggestion
    Quand Saisir « hel  » dans la recherche de l’en-tête (sans relâcher la touche)
    Alors « Rechercher sur le site » contient « hel  » ; 3 suggestions : « Hélène Rochat », « Lecture publique avec Hélène Crettenand », « Hélène Zufferey élue présidente du Grand Conseil », aucune en surbrillance ; le message « 14 résultats, 3 suggestions : flèches haut et bas pour choisir » ; le lien « Tous les résultats pour « hel » »
    Quand Cliquer sur la suggestion n° 2
    Alors rien ne change à l’écran
    Quand Saisir « zoe » dans la recherche de l’en-tête (sans relâcher la touche)
    Alors « Rechercher sur le site » contient « zoe » ; le lien « Tous les résultats pour « zoe » »
    Quand La pause est passée : la requête part
    Alors rien ne change à l’écran
    Quand Le serveur répond : aucun résultat
    Alors aucune suggestion ; le message « Aucun résultat pour « zoe ». Vérifiez l’orthographe, ou essayez un autre mot. »
    Quand Saisir « h » dans la recherche de l’en-tête (sans relâcher la touche)
    Alors « Rechercher sur le site » contient « h »

  Scénario: site-search-6
    Étant donné que la page est ouverte
    Alors aucune suggestion
    Quand Saisir « hel » dans la recherche de l’en-tête (sans relâcher la touche)
    Alors « Rechercher sur le site » contient « hel »
    Quand La pause est passée : la requête part
    Alors rien ne change à l’écran
    Quand Le serveur répond : aucun résultat
    Alors le message « Aucun résultat pour « hel ». Vérifiez l’orthographe, ou essayez un autre mot. » ; le lien « Tous les résultats pour « hel » »
    Quand Saisir « hel  » dans la recherche de l’en-tête (sans relâcher la touche)
    Alors « Rechercher sur le site » contient « hel  »
    Quand Saisir « zoe » dans la recherche de l’en-tête (sans relâcher la touche)
    Alors « Rechercher sur le site » contient « zoe »
    Quand La pause est passée : la requête part
    Alors rien ne change à l’écran
    Quand Le serveur répond : aucun résultat
    Alors le message « Aucun résultat pour « zoe ». Vérifiez l’orthographe, ou essayez un autre mot. » ; le lien « Tous les résultats pour « zoe » »
    Quand Relâcher la touche, la recherche contenant « zoe »
    Alors rien ne change à l’écran
    Quand Relâcher la touche, la recherche contenant « hel »
    Alors « Rechercher sur le site » contient « hel »
    Quand La pause est passée : la requête part
    Alors rien ne change à l’écran
    Quand Le serveur répond : aucun résultat
    Alors le message « Aucun résultat pour « hel ». Vérifiez l’orthographe, ou essayez un autre mot. » ; le lien « Tous les résultats pour « hel » »
    Quand Vider la recherche (sa croix) et relâcher la touche
    Alors « Rechercher sur le site » vide

  Scénario: site-search-7
    Étant donné que la page est ouverte
    Alors aucune suggestion
    Quand Saisir « hel » dans la recherche de l’en-tête (sans relâcher la touche)
    Alors « Rechercher sur le site » contient « hel »
    Quand La pause est passée : la requête part
    Alors rien ne change à l’écran
    Quand L’appel de la recherche échoue
    Alors le message « La recherche n’a pas pu aboutir. » ; le bouton « Réessayer » ; le lien « Tous les résultats pour « hel » »
    Quand Saisir « hel  » dans la recherche de l’en-tête (sans relâcher la touche)
    Alors « Rechercher sur le site » contient « hel  »
    Quand Saisir « zoe » dans la recherche de l’en-tête (sans relâcher la touche)
    Alors « Rechercher sur le site » contient « zoe » ; pas de bouton « Réessayer »
    Quand La pause est passée : la requête part
    Alors rien ne change à l’écran
    Quand L’appel de la recherche échoue
    Alors le message « La recherche n’a pas pu aboutir. » ; le bouton « Réessayer » ; le lien « Tous les résultats pour « zoe » »
    Quand Relâcher la touche, la recherche contenant « zoe »
    Alors rien ne change à l’écran
    Quand Relâcher la touche, la recherche contenant « hel »
    Alors « Rechercher sur le site » contient « hel » ; pas de bouton « Réessayer »
    Quand La pause est passée : la requête part
    Alors rien ne change à l’écran
    Quand L’appel de la recherche échoue
    Alors le message « La recherche n’a pas pu aboutir. » ; le bouton « Réessayer » ; le lien « Tous les résultats pour « hel » »
    Quand Vider la recherche (sa croix) et relâcher la touche
    Alors « Rechercher sur le site » vide ; pas de bouton « Réessayer »

  Scénario: site-search-8
    Étant donné que la page est ouverte
    Alors aucune suggestion
    Quand Saisir « hel » dans la recherche de l’en-tête (sans relâcher la touche)
    Alors « Rechercher sur le site » contient « hel »
    Quand La pause est passée : la requête part
    Alors rien ne change à l’écran
    Quand L’appel de la recherche échoue
    Alors le message « La recherche n’a pas pu aboutir. » ; le bouton « Réessayer » ; le lien « Tous les résultats pour « hel » »
    Quand Cliquer sur « Réessayer » sous la recherche
    Alors pas de bouton « Réessayer »
    Quand La pause est passée : la requête part
    Alors rien ne change à l’écran
    Quand L’appel tarde ou échoue : nouvel essai 1 sur 2
    Alors le message « Connexion lente ou serveur occupé : nouvel essai en cours… » ; le lien « Tous les résultats pour « hel » »
    Quand Vider la recherche (sa croix) et relâcher la touche
    Alors « Rechercher sur le site » vide
