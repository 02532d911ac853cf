# language: fr
Fonctionnalité: home — suite de couverture (3 chemins, 10 étapes ; transitions prises : 10 sur 10 (liste exhaustive : 26 chemins, 49 étapes))
  Écrite par `npm run paths -- --all` depuis la machine et ce que ses tests vérifient à l’écran.

  Scénario: home-1
    Étant donné que la page est ouverte
    Alors dans « Prochains événements », le texte « Chargement… » ; le lien « Tout l'agenda » ; dans « Dernières actualités », le texte « Chargement… » ; le lien « Toutes les actualités »
    Quand Le serveur répond avec tout l’agenda (6 événements, passés compris)
    Alors dans « Prochains événements », 3 éléments : « Séance du Grand Conseil », « Journée portes ouvertes », « Concert de l’Avent »
    Quand Le serveur répond avec 5 actualité(s)
    Alors dans « Dernières actualités », 3 éléments : « Le budget 2027 est adopté », « Consultation sur la mobilité », « Sans titre »

  Scénario: home-2
    Étant donné que la page est ouverte
    Alors dans « Prochains événements », le texte « Chargement… » ; le lien « Tout l'agenda » ; dans « Dernières actualités », le texte « Chargement… » ; le lien « Toutes les actualités »
    Quand Le serveur répond avec tout l’agenda (1 événements, passés compris)
    Alors le texte « Aucun événement à venir. »
    Quand Le serveur répond avec 0 actualité(s)
    Alors le texte « Aucune actualité. »

  Scénario: home-3
    Étant donné que la page est ouverte
    Alors dans « Prochains événements », le texte « Chargement… » ; le lien « Tout l'agenda » ; dans « Dernières actualités », le texte « Chargement… » ; le lien « Toutes les actualités »
    Quand L’appel de l’agenda échoue
    Alors l’alerte « Les prochains événements n'ont pas pu être chargés. » et le bouton « Réessayer »
    Quand Cliquer sur « Réessayer » sous les prochains événements
    Alors dans « Prochains événements », le texte « Chargement… » ; aucune alerte
    Quand Prochains événements — L’appel tarde ou échoue : nouvel essai 1 sur 2
    Alors dans « Prochains événements », le texte « Connexion lente ou serveur occupé : nouvel essai en cours… »
    Quand L’appel des actualités échoue
    Alors l’alerte « Les dernières actualités n'ont pas pu être chargées. » et le bouton « Réessayer »
    Quand Cliquer sur « Réessayer » sous les dernières actualités
    Alors dans « Dernières actualités », le texte « Chargement… » ; aucune alerte
    Quand Dernières actualités — L’appel tarde ou échoue : nouvel essai 1 sur 2
    Alors dans « Dernières actualités », le texte « Connexion lente ou serveur occupé : nouvel essai en cours… »
